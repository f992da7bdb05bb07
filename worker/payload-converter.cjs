'use strict';
/**
 * The SDK's default payload converter (undefined, binary, JSON), with JSON's UTF-8 done by the
 * runtime's own `TextEncoder` and `TextDecoder` rather than the SDK's JavaScript ones. The bytes
 * are the same (`JSON.stringify` never gives lone surrogates), so histories, the CLI and the Web
 * UI read them as before; batches' calls and results (tens of KiB of JSON each) are converted
 * several times faster, in the workflow thread and in the worker's main thread.
 *
 * CommonJS, because the SDK loads it by path with `require` (`payloadConverterPath`), from the
 * sources, the tests and the build alike; the workflow bundler bundles it too. It needs only
 * `@temporalio/common`, and the workflow context has both classes (the SDK gives it Node's own).
 */
const {
  BinaryPayloadConverter,
  CompositePayloadConverter,
  METADATA_ENCODING_KEY,
  UndefinedPayloadConverter,
  ValueError,
  encodingKeys,
  encodingTypes,
} = require('@temporalio/common');

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** JSON as the SDK writes it (`json/plain`, UTF-8). */
class JsonPayloadConverter {
  encodingType = encodingTypes.METADATA_ENCODING_JSON;

  /**
   * @param {unknown} value
   * @returns {import('@temporalio/common').Payload | undefined}
   */
  toPayload(value) {
    if (value === undefined) return undefined;
    let json;
    try {
      json = JSON.stringify(value);
    } catch {
      return undefined;
    }
    const bytes = encoder.encode(json);
    // A Uint8Array of this context over the encoder's bytes: the workflow context's protobuf
    // code recognises bytes by `instanceof`.
    return {
      metadata: { [METADATA_ENCODING_KEY]: encodingKeys.METADATA_ENCODING_JSON },
      data: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    };
  }

  /**
   * @param {import('@temporalio/common').Payload} content
   * @returns {any}
   */
  fromPayload(content) {
    if (content.data === undefined || content.data === null) throw new ValueError('Got payload with no data');
    return JSON.parse(decoder.decode(content.data));
  }
}

const payloadConverter = new CompositePayloadConverter(
  new UndefinedPayloadConverter(),
  new BinaryPayloadConverter(),
  new JsonPayloadConverter(),
);

module.exports = { JsonPayloadConverter, payloadConverter };
