// The Discord half of the Activity page: Discord's Embedded App SDK signs the
// player in. The page's plain script (web/static/activity-start.js) imports this
// bundle and does the rest (the channel's table, then table.js as on /t/{id}).
//
// config: {client_id, mock} from /activity/config.json. `mock` is true only on a
// test server (create_app(activity_mock=True)): Discord's own DiscordSDKMock then
// stands in for the Discord client, with the channel and guild of the page's URL
// (Discord puts channel_id and guild_id there too).
import { DiscordSDK, DiscordSDKMock } from "@discord/embedded-app-sdk";

function makeSdk(config) {
  if (!config.mock) return new DiscordSDK(config.client_id);
  const query = new URLSearchParams(location.search);
  return new DiscordSDKMock(config.client_id, query.get("guild_id"), query.get("channel_id"), null);
}

// exchange(code) posts the code to the server and answers its session
// ({token, access_token, …}); the client secret stays on the server.
export async function signIn(config, exchange) {
  const sdk = makeSdk(config);
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: config.client_id,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  const session = await exchange(code);
  await sdk.commands.authenticate({ access_token: session.access_token });
  return { session, channelId: sdk.channelId, guildId: sdk.guildId };
}
