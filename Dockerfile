# syntax=docker/dockerfile:1
# The tourflow image: the `tourflow` CLI, run as `worker` or `sandbox` by docker-compose.yml.
# Build: docker build -t tourflow:0.1.0 .

ARG NODE_IMAGE=node:24.21-bookworm-slim

# --- build: compile TypeScript to dist/ ---------------------------------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# Scripts are skipped: `prepare` would compile before the sources are here; the Temporal core
# bridge ships prebuilt binaries and needs no install script.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY api ./api
COPY actions ./actions
COPY activities ./activities
COPY cli ./cli
COPY definitions ./definitions
COPY sandbox ./sandbox
COPY worker ./worker
COPY workflows ./workflows
RUN npm run build
# Workflow code bundled once here, not by every worker at start (seconds of CPU each time),
# with the worker's own bundle options (worker/worker.ts: bundleOptions).
RUN node --input-type=module -e "\
  import { writeFile } from 'node:fs/promises'; \
  import { workflowBundle } from '/app/dist/worker/worker.js'; \
  const { code } = await workflowBundle(); \
  await writeFile('/app/dist/workflow-bundle.js', code);"

# --- runtime: production dependencies and the compiled CLI ---------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    XDG_CONFIG_HOME=/home/node/.config \
    TOURFLOW_WORKFLOW_BUNDLE=/app/dist/workflow-bundle.js \
    TOURFLOW_OUTPUT_DIR=/data/day-sheets
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY bin ./bin
# Playbooks ship with the image so `docker compose run worker run definitions/playbooks/…` works.
COPY definitions/playbooks ./definitions/playbooks
# /data holds the sandbox store, the shared token file and day sheets; a named volume mounted
# there inherits this ownership, so the unprivileged user can write to it.
RUN mkdir -p /data/day-sheets "$XDG_CONFIG_HOME" && chown -R node:node /data "$XDG_CONFIG_HOME"
USER node
VOLUME ["/data"]
# Exec form: SIGTERM reaches node itself, and the worker drains before it exits.
ENTRYPOINT ["node", "bin/tourflow.js"]
CMD ["--help"]
