"""One definition per game (``games/<game>.py``) and the type they share
(``games/definition.py``). The registry that lists them is ``tables.registry``."""
