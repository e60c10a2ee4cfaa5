"""SETUP (连线计划): a tile-combo race for 2-4 players or 2 vs 2 teams."""
