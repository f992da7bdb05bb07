/**
 * The upload content-type allow-list (shown), and type inference from a file name. SVG, HTML,
 * scripts and executables are rejected with 415 listing the accepted types.
 */
import { CONTENT_TYPE_BY_EXTENSION } from '../../../api/contract/content-types.ts';
import { ApiProblem, ErrorCode } from '../../errors.ts';

const BY_EXTENSION = CONTENT_TYPE_BY_EXTENSION;

/** Types recognised by name but refused for upload. */
const REFUSED_BY_EXTENSION: Record<string, string> = {
  svg: 'image/svg+xml',
  html: 'text/html',
  htm: 'text/html',
  js: 'text/javascript',
  mjs: 'text/javascript',
  sh: 'application/x-sh',
  exe: 'application/x-msdownload',
  bat: 'application/x-msdownload',
  msi: 'application/x-msi',
  php: 'application/x-httpd-php',
};

const ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/vnd.microsoft.icon': 'image/x-icon',
  'text/rtf': 'application/rtf',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/mp3': 'audio/mpeg',
  'audio/x-m4a': 'audio/mp4',
  'application/x-zip-compressed': 'application/zip',
  'text/x-markdown': 'text/markdown',
};

export const ALLOWED_CONTENT_TYPES: ReadonlySet<string> = new Set(Object.values(BY_EXTENSION));

/** The type's essence, lower-cased, without parameters, aliases resolved. */
export function normaliseContentType(contentType: string): string {
  const essence = (contentType.split(';', 1)[0] ?? '').trim().toLowerCase();
  return ALIASES[essence] ?? essence;
}

/** Throws 415 for a type outside the allow-list; returns the normalised type. */
export function requireAllowedType(contentType: string): string {
  const essence = normaliseContentType(contentType);
  if (!ALLOWED_CONTENT_TYPES.has(essence)) {
    throw new ApiProblem(
      415,
      ErrorCode.unsupportedMediaType,
      `Content type "${essence}" is not accepted. Accepted types: ${[...ALLOWED_CONTENT_TYPES].join(', ')}`,
    );
  }
  return essence;
}

/** Advisory type from a file name (`contentTypeHint`); null when unknown. */
export function contentTypeFromName(fileName: string | null): string | null {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName ?? '')?.[1]?.toLowerCase();
  return (extension && (BY_EXTENSION[extension] ?? REFUSED_BY_EXTENSION[extension])) || null;
}

/** A file name with the extension of its content type (URL uploads name files this way). */
export function withExtension(base: string, contentType: string): string {
  const extension = Object.entries(BY_EXTENSION).find(([, type]) => type === contentType)?.[0];
  const stem = base.replace(/\.[A-Za-z0-9]+$/, '') || 'file';
  return extension ? `${stem}.${extension}` : stem;
}
