# The wallet app's image (README "Deploying"; docs/decisions/0151-scale-out.md):
# Node 24, the locked dependencies, the built SPA, production mode, not root.
# deploy/compose.yaml runs three of it behind nginx.

# The SPA's build needs the dev dependencies (Vite, Lingui); the image keeps only what the server runs.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx vite build

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# The server runs its TypeScript through tsx (a dependency); migrations and the operators' scripts beside it.
COPY tsconfig.json ./
COPY src ./src
COPY drizzle ./drizzle
COPY scripts ./scripts
COPY --from=build /app/dist ./dist
# Uploads (slips, chat files) and the bootstrap admin's enrolment: a volume all instances share.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
CMD ["node", "--import", "tsx", "src/server/server.ts"]
