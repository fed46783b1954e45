// Runs the Dropbox fake on its own for local use and browser journeys:
//   DROPBOX_FAKE_PORT=4010 npx tsx e2e/fakes/dropbox/main.ts
// then start the app with DROPBOX_API_URL=http://127.0.0.1:4010 and DROPBOX_APP_KEY=fake-app-key.
import { startDropboxFake } from "./server";

const fake = await startDropboxFake({ port: Number(process.env.DROPBOX_FAKE_PORT ?? 0) });
if (process.env.DROPBOX_FAKE_AUTHORIZE_AS) fake.authorizeAs(process.env.DROPBOX_FAKE_AUTHORIZE_AS);
console.log(`Dropbox fake at ${fake.baseUrl} (app key ${fake.appKey})`);
process.on("SIGTERM", () => void fake.close().then(() => process.exit(0)));
process.on("SIGINT", () => void fake.close().then(() => process.exit(0)));
