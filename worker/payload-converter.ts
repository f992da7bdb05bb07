/**
 * The SDK's default payload converter (undefined, binary, JSON), with JSON's UTF-8 done by the
 * runtime's own `TextEncoder` and `TextDecoder` rather than the SDK's JavaScript ones. The bytes
 * are the same (`JSON.stringify` never gives lone surrogates), so histories, the CLI and the Web
 * UI read them as before; a batch's arguments and results (tens of KiB of JSON each) are
 * converted in the workflow thread and the worker's main thread several times faster.
 *
 * Bundled into workflow code (`payloadConverterPath`): it imports only `@temporalio/common`,
 * and the workflow context has both classes (the SDK gives it Node's own).
 */
import {
  BinaryPayloadConverter,
  CompositePayloadConverter,
  METADATA_ENCODING_KEY,
  UndefinedPayloadConverter,
  ValueError,
  encodingKeys,
  encodingTypes,
  type Payload,
  type PayloadConverterWithEncoding,
} from '@temporalio/common';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** JSON as the SDK writes it (`json/plain`, UTF-8). */
export class JsonPayloadConverter implements PayloadConverterWithEncoding {
  readonly encodingType = encodingTypes.METADATA_ENCODING_JSON;

  toPayload(value: unknown): Payload | undefined {
    if (value === undefined) return undefined;
    let json: string;
    try {
      json = JSON.stringify(value);
    } catch {
      return undefined;
    }
    const bytes = encoder.encode(json);
    // A Uint8Array of this context, over the encoder's bytes: the workflow context's protobuf
    // code recognises bytes by `instanceof`.
    return {
      metadata: { [METADATA_ENCODING_KEY]: encodingKeys.METADATA_ENCODING_JSON },
      data: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    };
  }

  fromPayload<T>(content: Payload): T {
    if (content.data === undefined || content.data === null) throw new ValueError('Got payload with no data');
    return JSON.parse(decoder.decode(content.data)) as T;
  }
}

export const payloadConverter = new CompositePayloadConverter(new UndefinedPayloadConverter(), new BinaryPayloadConverter(), new JsonPayloadConverter());
