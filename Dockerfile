# One image for both the web and the worker service (see docker-compose.yml).
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json .npmrc ./
RUN npm ci --include=dev
COPY . .
ARG BASE_PATH=""
ENV BASE_PATH=${BASE_PATH}
RUN npx next build && echo "{\"basePath\":\"${BASE_PATH}\"}" > .next/funnelwise-build.json
EXPOSE 3000
# The web server takes the caller's address from the socket; behind a load balancer set TRUST_PROXY=1.
CMD ["sh", "-c", "npm run db:migrate && node scripts/web-server.mjs"]
