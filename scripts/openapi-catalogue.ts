// Writes server/openapi/catalogue.generated.ts from the route handlers under app/api (after adding, removing or
// changing a route's schemas): `npx tsx scripts/openapi-catalogue.ts`, then prettier runs on it.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { renderCatalogue, scanRoutes } from "../server/openapi/scan-routes";

const root = path.resolve(import.meta.dirname, "..");
const target = path.join(root, "server/openapi/catalogue.generated.ts");
fs.writeFileSync(target, renderCatalogue(scanRoutes(root)));
execFileSync(path.join(root, "node_modules/.bin/prettier"), ["--write", target], { stdio: "inherit" });
console.log(`wrote ${path.relative(root, target)}`);
