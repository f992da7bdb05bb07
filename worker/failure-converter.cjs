'use strict';
/**
 * The SDK's default failure converter with `encodeCommonAttributes`: a failure's message and
 * stack trace travel as a payload (`encodedAttributes`) instead of plain text, so the payload
 * codec encrypts them with everything else. An API error's message can quote what was sent
 * (a guest's name); Temporal would otherwise keep it readable in the run's history. Clients
 * and workers of tourflow put the message back when they read a failure; the Web UI and the
 * Temporal CLI do it through `tourflow codec-server`.
 *
 * CommonJS, like worker/payload-converter.cjs: the SDK loads it by path with `require`, and the
 * workflow bundler bundles it.
 */
const { DefaultFailureConverter } = require('@temporalio/common');

const failureConverter = new DefaultFailureConverter({ encodeCommonAttributes: true });

module.exports = { failureConverter };
