// Takes a job's lease (the advisory lock of server/jobs/job-lease.ts) and holds it until killed,
// as a worker in the middle of that job would.
import pg from "pg";

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
await client.query("select pg_advisory_lock(hashtextextended($1, 7))", [process.argv[2]]);
console.log("locked");
setInterval(() => undefined, 60_000);
