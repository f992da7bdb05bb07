/**
 * The API's Location object (venue `location`, stay `formatted_address`) built from a
 * playbook place: an address with the coordinates the playbook gives. There is no places
 * provider behind tourflow, so the map position is the playbook's and the viewport is a box
 * of about a kilometre around it, which is what a map needs to frame one building.
 */
import type { JsonObject } from '../../definitions/plan-types.ts';
import { plainJson } from './step-support.ts';

/** A place in the playbook's words (`definitions/actions/vocabulary.ts` `location`). */
export interface Place {
  address: string;
  lat: number;
  lng: number;
  placeId?: string | undefined;
}

/** Half the viewport's side, in degrees (about 550 m of latitude). */
const VIEWPORT_HALF_DEGREES = 0.005;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The Location object for a place; `timeZone` is the IANA zone of the record it belongs to. */
export function toLocation(place: Place, timeZone: string | null | undefined, name?: string): JsonObject {
  const { lat, lng } = place;
  return plainJson({
    formatted_address: place.address,
    fullAddress: place.address,
    placeName: name ?? place.address,
    place_id: place.placeId,
    timeZone: timeZone ?? undefined,
    types: [],
    address_components: [],
    geometry: {
      location: { lat, lng },
      viewport: {
        northeast: {
          lat: clamp(lat + VIEWPORT_HALF_DEGREES, -90, 90),
          lng: clamp(lng + VIEWPORT_HALF_DEGREES, -180, 180),
        },
        southwest: {
          lat: clamp(lat - VIEWPORT_HALF_DEGREES, -90, 90),
          lng: clamp(lng - VIEWPORT_HALF_DEGREES, -180, 180),
        },
      },
    },
  });
}

/** A Location object as a read returns it, when it has the map position a write needs. */
export function locationObject(value: unknown): JsonObject | undefined {
  const geometry =
    value && typeof value === 'object'
      ? (value as { geometry?: { location?: unknown; viewport?: unknown } }).geometry
      : undefined;
  return geometry?.location && geometry.viewport ? plainJson(value as Record<string, unknown>) : undefined;
}

/** What a venue or stay read says about its place. */
export interface PlaceRead {
  address: string | null | undefined;
  coordinates: { lat: number; lng: number } | null | undefined;
  timeZone: string | null | undefined;
}

/** The Location object that writes a read place back, or undefined when the read lacks a position. */
export function locationFromRead(read: PlaceRead, name?: string): JsonObject | undefined {
  if (!read.coordinates || !read.address) return undefined;
  return toLocation(
    { address: read.address, lat: read.coordinates.lat, lng: read.coordinates.lng },
    read.timeZone,
    name,
  );
}
