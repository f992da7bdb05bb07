#!/usr/bin/env node
// The compiled CLI lives in dist/ (built by `npm install` through the `prepare` script).
import { main } from '../dist/cli/main.js';

process.exitCode = await main({ argv: process.argv.slice(2) });
