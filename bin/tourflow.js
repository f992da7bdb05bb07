#!/usr/bin/env node
// The compiled CLI lives in dist/ (built by `npm install` through the `prepare` script). On a
// Node.js tourflow does not support, the same command runs on a supported one instead, or is
// refused, with one line saying so (bin/supported-node.js).
import { onSupportedNode } from './supported-node.js';

if (process.env.TOURFLOW_NODE_PARENT && process.channel) {
  // Started by bin/tourflow.js on an unsupported Node: stop as on SIGTERM when that process is gone.
  delete process.env.TOURFLOW_NODE_PARENT;
  process.channel.unref();
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}

if (onSupportedNode()) {
  const { main } = await import('../dist/cli/main.js');
  process.exitCode = await main({ argv: process.argv.slice(2) });
}
