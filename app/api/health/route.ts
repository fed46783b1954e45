import { withPublic } from "@/server/http/route";
import { checkDatabase } from "@/server/services/health/check-database";

/** GET /api/health: 200 when the web process can reach PostgreSQL (used by docker-compose health checks). */
export const GET = withPublic(async () => checkDatabase());
