/** Files and attachments, the day sheet (model and PDF render), and the whole-tour read. */
import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { Api, actAs, createTour, crewMember, itemBody, startTestSandbox, useSandbox } from './helpers.ts';
import { pollUntil } from '../support/poll.ts';

let tourId: string;
let dayIds: number[];

const env = useSandbox({ signedUrlTtlSeconds: 2 });

beforeAll(async () => {
  ({ tourId, dayIds } = await createTour(env.api, { name: 'Files tour' }, 4));
});

/** A PUT with exactly these headers and bytes (fetch would fix up content-length itself). */
function putRaw(url: string, headers: Record<string, string>, body: Buffer | string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'PUT', headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const upload = (fileName: string, contentType: string, bytes: Buffer) =>
  env.api.post(`/v1/tours/${tourId}/files/content`, { fileName, contentType, contentBase64: bytes.toString('base64') });

describe('files', () => {
  it('uploads inline, attaches idempotently, lists and downloads through a signed URL', async () => {
    const bytes = Buffer.from('%PDF-1.4 rider');
    const uploaded = await upload('rider.pdf', 'application/pdf', bytes);
    expect(uploaded.body.data).toMatchObject({
      fileName: 'rider.pdf',
      fileSizeBytes: bytes.length,
      contentType: 'application/pdf',
    });
    expect(uploaded.body.data.key).toBe(uploaded.body.data.link);
    const itemId = (
      await env.api.post('/v1/schedule/items', itemBody(tourId, dayIds[0] as number, { isEveryone: true }))
    ).body.data.id;
    const body = { key: uploaded.body.data.key, entityType: 'SCHEDULE_ITEM', entityId: itemId };
    const first = await env.api.post(`/v1/tours/${tourId}/files/attach`, body);
    expect(first.body.data).toMatchObject({
      entityType: 'SCHEDULE_ITEM',
      entityId: itemId,
      alreadyAttached: false,
      fileSizeBytes: bytes.length,
    });
    const again = await env.api.post(`/v1/tours/${tourId}/files/attach`, body);
    expect(again.body.data).toMatchObject({ fileId: first.body.data.fileId, alreadyAttached: true });
    const list = await env.api.get(`/v1/tours/${tourId}/files?entityTypes=SCHEDULE_ITEM&search=RIDER`);
    expect(list.body.data).toMatchObject({ totalCount: 1, returnedCount: 1, hasMore: false });
    expect(list.body.data.items[0]).toMatchObject({
      fileId: first.body.data.fileId,
      contentTypeHint: 'application/pdf',
      entityName: 'Soundcheck',
      dayId: dayIds[0],
    });
    const download = await env.api.get(`/v1/tours/${tourId}/files/${first.body.data.fileId}/download`);
    expect(download.body.data).toMatchObject({
      fileName: 'rider.pdf',
      contentType: 'application/pdf',
      expiresInSeconds: 2,
    });
    const fetched = await fetch(download.body.data.downloadUrl);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer())).toEqual(bytes);
    await pollUntil(
      async () => (await fetch(download.body.data.downloadUrl)).status === 403,
      'the download link to expire',
      6000,
    );
    expect((await env.api.get(`/v1/tours/${tourId}/files/999999/download`)).status).toBe(404);
  });

  it('downloads a file whose stored name has control characters or non-Latin letters, named in an RFC 6266 header', async () => {
    const itemId = (
      await env.api.post('/v1/schedule/items', itemBody(tourId, dayIds[1] as number, { isEveryone: true }))
    ).body.data.id;
    const bytes = Buffer.from('%PDF-1.4 odd name');
    for (const [fileName, fallback, encoded] of [
      ['rider\u0001\u001b "v2"\t\u007f.pdf', 'rider _v2_.pdf', 'rider%01%1B%20%22v2%22%09%7F.pdf'],
      ['Zoë 名前\r\n.pdf', 'Zo_ __.pdf', 'Zo%C3%AB%20%E5%90%8D%E5%89%8D%0D%0A.pdf'],
      ["\u0007(it's)*", "(it's)*", '%07%28it%27s%29%2A'],
      ['\u0001\u0002', 'download', '%01%02'],
    ]) {
      const { key } = (await upload(fileName!, 'application/pdf', bytes)).body.data;
      const { fileId } = (
        await env.api.post(`/v1/tours/${tourId}/files/attach`, { key, entityType: 'SCHEDULE_ITEM', entityId: itemId })
      ).body.data;
      const download = await env.api.get(`/v1/tours/${tourId}/files/${fileId}/download`);
      expect(download.body.data.fileName).toBe(fileName);
      const fetched = await fetch(download.body.data.downloadUrl);
      expect(fetched.status, JSON.stringify(fileName)).toBe(200);
      expect(Buffer.from(await fetched.arrayBuffer())).toEqual(bytes);
      expect(fetched.headers.get('content-disposition')).toBe(
        `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`,
      );
    }
  });

  it('limits inline uploads to 256 KB (413 naming the alternatives) and the allowed content types (415)', async () => {
    const big = await upload('big.pdf', 'application/pdf', Buffer.alloc(256 * 1024 + 1));
    expect(big.status).toBe(413);
    expect(big.body.message).toMatch(/upload ticket/i);
    expect(big.body.message).toMatch(/URL/);
    expect((await upload('ok.pdf', 'application/pdf', Buffer.alloc(256 * 1024))).status).toBe(200);
    for (const type of ['image/svg+xml', 'text/html', 'application/x-msdownload', 'application/javascript']) {
      const refused = await upload('x', type, Buffer.from('x'));
      expect(refused.status).toBe(415);
      expect(refused.body.message).toContain('application/pdf');
    }
  });

  it('uploads through a ticket: exact length and type, then attach; an expired key is 404', async () => {
    const bytes = Buffer.from('stage plot bytes');
    const ticket = await env.api.post(`/v1/tours/${tourId}/files/upload-ticket`, {
      fileName: 'plot.png',
      contentType: 'image/png',
      contentLength: bytes.length,
    });
    const { uploadUrl, headers, key, method } = ticket.body.data;
    expect(method).toBe('PUT');
    expect(await putRaw(uploadUrl, { ...headers, 'content-type': 'image/jpeg' }, bytes)).toBe(403);
    expect(
      await putRaw(
        uploadUrl,
        { ...headers, 'content-length': String(bytes.length + 1) },
        Buffer.concat([bytes, Buffer.from('!')]),
      ),
    ).toBe(403);
    const venueId = (
      await env.api.post('/v1/venues', {
        title: 'Hall',
        tour_id: tourId,
        day_id: dayIds[1],
        venueCategoryId: 1,
        isEveryone: true,
      })
    ).body.data.id;
    expect(
      (await env.api.post(`/v1/tours/${tourId}/files/attach`, { key, entityType: 'VENUE', entityId: venueId })).status,
    ).toBe(404);
    expect(await putRaw(uploadUrl, headers, bytes)).toBe(200);
    const attached = await env.api.post(`/v1/tours/${tourId}/files/attach`, {
      key,
      entityType: 'VENUE',
      entityId: venueId,
    });
    expect(attached.body.data).toMatchObject({ fileName: 'plot.png', fileSizeBytes: bytes.length });
    expect(
      (await env.api.post(`/v1/tours/${tourId}/files/attach`, { key, entityType: 'VENUE', entityId: 999_999 })).status,
    ).toBe(404);
    const short = await startTestSandbox({ uploadTicketTtlSeconds: 0 });
    try {
      const own = new Api(short);
      const { tourId: t } = await createTour(own, {}, 1);
      const expired = await own.post(`/v1/tours/${t}/files/upload-ticket`, {
        fileName: 'a.txt',
        contentType: 'text/plain',
        contentLength: 1,
      });
      expect(await putRaw(expired.body.data.uploadUrl, expired.body.data.headers, 'a')).toBe(403);
    } finally {
      await short.close();
    }
  });

  it('fetches URL uploads by the contract rules', async () => {
    const ok = await env.api.post('/v1/attachments', { url: 'https://files.example.com/docs/tech-rider.pdf' });
    expect(ok.body.data).toMatchObject({ fileName: 'tech-rider.pdf', fileSize: expect.any(Number) });
    for (const url of [
      'ftp://files.example.com/a.pdf',
      'http://127.0.0.1/a.pdf',
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.8/a.pdf',
      'http://[::1]/a.pdf',
      'not a url',
    ]) {
      expect(await env.api.post('/v1/attachments', { url })).toMatchObject({ status: 400, body: { error: '400' } });
    }
    expect((await env.api.post('/v1/attachments', { url: 'https://files.example.com/x.svg' })).status).toBe(415);
    const passId = (await env.api.post(`/v1/tours/${tourId}/passTypes`, { name: 'Laminate' })).body.data.id;
    const attached = await env.api.post(`/v1/tours/${tourId}/files/attach`, {
      key: ok.body.data.link,
      entityType: 'PASS_TYPE',
      entityId: passId,
    });
    expect(attached.body.data).toMatchObject({ fileName: 'tech-rider.pdf', alreadyAttached: false });
    const objects = env.sandbox.snapshot({ normalise: true }).objects as Array<{ id: string; base64?: string }>;
    expect(objects.find((row) => row.id === ok.body.data.link)).toMatchObject({ fileName: 'tech-rider.pdf' });
    expect(objects.every((row) => row.base64 === undefined)).toBe(true);
  });

  it('lists only files on entities the caller may see', async () => {
    const hidden = (
      await env.api.post(
        '/v1/schedule/items',
        itemBody(tourId, dayIds[2] as number, {
          name: 'Hidden',
          attachments: [{ link: 'tours/x/secret.pdf', name: 'secret.pdf' }],
        }),
      )
    ).body.data.id;
    const crew = await actAs(env.api, await crewMember(env.api, tourId));
    const seen = (await crew.get(`/v1/tours/${tourId}/files`)).body.data.items as Array<{ entityId: number }>;
    expect(seen.some((row) => row.entityId === hidden)).toBe(false);
    const adminSees = (await env.api.get(`/v1/tours/${tourId}/files?dayId=${dayIds[2]}`)).body.data.items as Array<{
      entityId: number;
    }>;
    expect(adminSees.map((row) => row.entityId)).toEqual([hidden]);
  });
});

describe('day sheet', () => {
  it('builds the print model filtered to what the caller sees', async () => {
    const dayId = dayIds[3] as number;
    const open = (
      await env.api.post(
        '/v1/schedule/items',
        itemBody(tourId, dayId, { name: 'Doors', startTime: '19:00', isEveryone: true }),
      )
    ).body.data.id;
    const privateItem = (
      await env.api.post('/v1/schedule/items', itemBody(tourId, dayId, { name: 'Settlement', startTime: '23:30' }))
    ).body.data.id;
    await env.api.post('/v1/bulletins', {
      dayId,
      title: 'Wifi',
      body: 'Password on the door',
      isPinned: true,
      hasNotification: false,
    });
    await env.api.post('/v1/guestlist', {
      tour_id: tourId,
      day_id: dayId,
      firstName: 'A',
      lastName: 'B',
      numberOfGuests: 3,
      pickupMethodId: 1,
      statusId: 2,
      passes: [],
    });
    const model = (await env.api.get(`/v1/tours/${tourId}/days/${dayId}/day-sheet/data`)).body.data;
    expect(model.header).toMatchObject({ tourName: 'Files tour', dayId });
    expect(model.runningOrder.map((row: { id: number }) => row.id)).toEqual([open, privateItem]);
    expect(model.guestList).toMatchObject({ approvedGuests: 3, entries: 1 });
    expect(model.bulletins[0]).toMatchObject({ title: 'Wifi' });
    const crew = await actAs(env.api, await crewMember(env.api, tourId));
    const crewModel = (await crew.get(`/v1/tours/${tourId}/days/${dayId}/day-sheet/data`)).body.data;
    expect(crewModel.runningOrder.map((row: { id: number }) => row.id)).toEqual([open]);
    const render = await crew.post(`/v1/tours/${tourId}/days/${dayId}/day-sheet`, {
      scheduleItemIds: [open, privateItem, 424242],
      tourId: 'ignored',
      dayId: 'ignored',
    });
    expect(render.body.data).toMatchObject({ ignoredIdCount: 2, contentType: 'application/pdf', expiresInSeconds: 2 });
  });

  it('renders a real PDF at a short-lived signed URL and creates nothing', async () => {
    const before = env.sandbox.snapshot({ normalise: true });
    const render = await env.api.post(`/v1/tours/${tourId}/days/${dayIds[3]}/day-sheet`, {});
    expect(render.body.data.ignoredIdCount).toBe(0);
    expect(env.sandbox.snapshot({ normalise: true })).toEqual(before);
    const pdf = await fetch(render.body.data.url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1000);
    await pollUntil(
      async () => (await fetch(render.body.data.url)).status === 403,
      'the rendered link to expire',
      6000,
    );
    const tampered = render.body.data.url.replace(/.$/, (last: string) => (last === 'A' ? 'B' : 'A'));
    expect((await fetch(tampered)).status).toBe(403);
  });
});

describe('whole-tour read', () => {
  it('returns every day with counts, children and explicit nulls', async () => {
    const data = (await env.api.get(`/v1/tours/${tourId}/data`)).body.data;
    expect(data.tour).toMatchObject({ id: tourId, name: 'Files tour' });
    expect(data.days.map((day: { id: number }) => day.id)).toEqual(dayIds);
    const day = data.days[3];
    for (const key of ['place_id', 'viewport', 'placeFormattedAddress']) expect(day).toHaveProperty(key, null);
    expect(day).toMatchObject({
      type_id: { id: 1, type: 'Show' },
      scheduleCount: 2,
      bulletinCount: 1,
      guestlistCount: 1,
      truncated: false,
    });
    expect(day.schedule).toHaveLength(2);
  });

  it('filters by dayIds, skips empty days, applies per-resource limits and validates them', async () => {
    const { tourId: other, dayIds: otherDays } = await createTour(env.api, { name: 'Other' }, 1);
    expect(other).not.toBe(tourId);
    const some = await env.api.get(`/v1/tours/${tourId}/data?dayIds=${dayIds[3]},${otherDays[0]}`);
    expect(some.body.data.days.map((day: { id: number }) => day.id)).toEqual([dayIds[3]]);
    const limited = await env.api.get(`/v1/tours/${tourId}/data?dayIds=${dayIds[3]}&scheduleLimit=1`);
    expect(limited.body.data.days[0]).toMatchObject({ scheduleCount: 2, truncated: true });
    expect(limited.body.data.days[0].schedule).toHaveLength(1);
    const { tourId: sparse } = await createTour(env.api, { name: 'Sparse' }, 3);
    expect((await env.api.get(`/v1/tours/${sparse}/data?skipEmptyDays=true`)).body.data.days).toEqual([]);
    for (const query of ['dayIds=1,x', 'dayIds=', 'scheduleLimit=0', 'venuesLimit=-3', 'bulletinsLimit=abc']) {
      expect(await env.api.get(`/v1/tours/${tourId}/data?${query}`)).toMatchObject({
        status: 400,
        body: { error: 'VALIDATION_ERROR' },
      });
    }
    expect((await env.api.get(`/v1/tours/${tourId}/data?scheduleLimit=100000`)).status).toBe(200);
  });

  it('names every missing scope of a multi-scope endpoint', async () => {
    const toursOnly = await env.api.admin('POST', '/credentials', { scopes: ['tours.read'] });
    const narrow = env.api.as({ apiKey: toursOnly.body.apiKey, apiSecret: toursOnly.body.apiSecret });
    const answer = await narrow.get(`/v1/tours/${tourId}/data`);
    expect(answer).toMatchObject({ status: 403, body: { error: 'INSUFFICIENT_SCOPE' } });
    for (const scope of ['schedule.read', 'venues.read', 'accommodation.read', 'guestlist.read', 'bulletins.read'])
      expect(answer.body.message).toContain(scope);
    expect(answer.body.message).not.toContain('tours.read');
  });
});

describe('pass type attachments', () => {
  it('an update carrying attachments makes them the pass type’s whole set: an entry with id and deleted: true removes that one, the others stay', async () => {
    const passId = (await env.api.post(`/v1/tours/${tourId}/passTypes`, { name: 'Files VIP' })).body.data.id as number;
    const keys: string[] = [];
    for (const name of ['a.txt', 'b.txt'])
      keys.push((await upload(name, 'text/plain', Buffer.from(name))).body.data.key as string);
    const ids: number[] = [];
    for (const key of keys)
      ids.push(
        (await env.api.post(`/v1/tours/${tourId}/files/attach`, { key, entityType: 'PASS_TYPE', entityId: passId }))
          .body.data.fileId as number,
      );
    const removed = await env.api.put(`/v1/passTypes/${passId}`, {
      attachments: [
        { id: ids[0], link: keys[0], deleted: true },
        { id: ids[1], link: keys[1] },
      ],
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const listed = await env.api.get(`/v1/tours/${tourId}/files?entityTypes=PASS_TYPE`);
    expect(
      listed.body.data.items
        .filter((file: { entityId: number }) => file.entityId === passId)
        .map((file: { fileId: number }) => file.fileId),
    ).toEqual([ids[1]]);
    const passes = await env.api.get(`/v1/tours/${tourId}/passTypes`);
    expect(passes.body.data.find((pass: { id: number }) => pass.id === passId)).toMatchObject({
      name: 'Files VIP',
      attachments: [expect.objectContaining({ link: keys[1] })],
    });
    const foreign = await env.api.put(`/v1/passTypes/${passId}`, { attachments: [{ id: 999999, link: keys[0] }] });
    expect(foreign).toMatchObject({ status: 400, body: { error: 'VALIDATION_ERROR' } });
  });
});
