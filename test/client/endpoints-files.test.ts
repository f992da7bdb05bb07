/**
 * Files, day sheets and the whole-tour read against the sandbox, through the typed endpoints,
 * including the upload errors a playbook meets (413 over 256 KB, 415 for a refused type).
 */
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { getDaySheetData, renderDaySheet } from '../../api/contract/day-sheet.ts';
import {
  attachFile,
  createAttachmentFromUrl,
  createUploadTicket,
  getFileDownload,
  listFiles,
  uploadFileContent,
} from '../../api/contract/files.ts';
import { createScheduleItem } from '../../api/contract/schedule.ts';
import { getTourData } from '../../api/contract/tours.ts';
import { ApiError, toActivityFailure } from '../../api/client/index.ts';
import { newTour, useSandboxClient } from './sandbox-helpers.ts';

let keys = 0;
const key = (name: string) => `files-test/${name}/${++keys}`;

describe('files, day sheets and the whole-tour read against the sandbox', () => {
  const env = useSandboxClient();

  async function tourWithItem(): Promise<{ tourId: string; dayId: number; itemId: number }> {
    const { tourId, dayIds } = await newTour(env.client, env.sandbox.credentials.orgId, 'Files Tour', [
      '2027-10-01',
      '2027-10-02',
    ]);
    const dayId = dayIds[0] ?? 0;
    const { id } = await env.client.call(createScheduleItem, {
      body: {
        tour_id: tourId,
        day_id: dayId,
        name: 'Show',
        startTime: '20:00',
        startTimeTypeId: 1,
        timeZoneStart: 'Europe/Lisbon',
        isEveryone: true,
      },
      idempotencyKey: key('item'),
    });
    return { tourId, dayId, itemId: id };
  }

  it('inline upload, upload ticket, attach (idempotent), listing and download', async () => {
    const { tourId, itemId } = await tourWithItem();
    const inline = await env.client.call(uploadFileContent, {
      params: { tourId },
      body: {
        fileName: 'rider.txt',
        contentType: 'text/plain',
        contentBase64: Buffer.from('two towels').toString('base64'),
      },
      idempotencyKey: key('inline'),
    });
    expect(inline.key).toBe(inline.link);

    const bytes = Buffer.from('%PDF-1.4 stage plot');
    const ticket = await env.client.call(createUploadTicket, {
      params: { tourId },
      body: { fileName: 'plot.pdf', contentType: 'application/pdf', contentLength: bytes.length },
      idempotencyKey: key('ticket'),
    });
    const put = await request(ticket.uploadUrl, { method: 'PUT', headers: ticket.headers, body: bytes });
    await put.body.dump();
    expect(put.statusCode).toBeLessThan(300);

    const entity = { entityType: 'SCHEDULE_ITEM' as const, entityId: itemId };
    const first = await env.client.call(attachFile, {
      params: { tourId },
      body: { key: ticket.key, ...entity },
      idempotencyKey: key('attach'),
    });
    const again = await env.client.call(attachFile, {
      params: { tourId },
      body: { key: ticket.key, ...entity },
      idempotencyKey: key('attach'),
    });
    expect([first.alreadyAttached, again.alreadyAttached, again.fileId]).toEqual([false, true, first.fileId]);
    await env.client.call(attachFile, {
      params: { tourId },
      body: { key: inline.key, ...entity },
      idempotencyKey: key('attach'),
    });

    const names: Array<string | null | undefined> = [];
    for await (const file of env.client.paginate(listFiles, {
      params: { tourId },
      query: { entityTypes: ['SCHEDULE_ITEM'] },
      pageSize: 1,
    }))
      names.push(file.fileName);
    expect(names.sort()).toEqual(['plot.pdf', 'rider.txt']);

    const download = await env.client.call(getFileDownload, { params: { tourId, fileId: first.fileId } });
    const fetched = await request(download.downloadUrl);
    expect(Buffer.from(await fetched.body.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('an inline upload over 256 KB is a 413 that names the alternatives', async () => {
    const { tourId } = await tourWithItem();
    const big = Buffer.alloc(300 * 1024, 1).toString('base64');
    const error = (await env.client
      .call(uploadFileContent, {
        params: { tourId },
        body: { fileName: 'big.png', contentType: 'image/png', contentBase64: big },
        idempotencyKey: key('big'),
      })
      .catch((caught: unknown) => caught)) as ApiError;
    expect([error.status, error.code, error.retryable]).toEqual([413, 'PAYLOAD_TOO_LARGE', false]);
    expect(error.message).toContain('upload ticket');
  });

  it('a refused content type is a 415, not retryable', async () => {
    const { tourId } = await tourWithItem();
    const error = (await env.client
      .call(uploadFileContent, {
        params: { tourId },
        body: {
          fileName: 'logo.svg',
          contentType: 'image/svg+xml',
          contentBase64: Buffer.from('<svg/>').toString('base64'),
        },
        idempotencyKey: key('svg'),
      })
      .catch((caught: unknown) => caught)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect([error.status, error.retryable]).toEqual([415, false]);
    expect(toActivityFailure(error).nonRetryable).toBe(true);
    expect(error.message).toContain('application/pdf');
  });

  it('a URL upload of a loopback address is refused with 400', async () => {
    const error = (await env.client
      .call(createAttachmentFromUrl, {
        body: { url: `${env.sandbox.baseUrl}/nothing.pdf` },
        idempotencyKey: key('url'),
      })
      .catch((caught: unknown) => caught)) as ApiError;
    expect([error.status, error.retryable]).toEqual([400, false]);
  });

  it('day sheet model and render, and the whole-tour read', async () => {
    const { tourId, dayId, itemId } = await tourWithItem();
    expect(await env.client.call(getDaySheetData, { params: { tourId, dayId } })).toBeTypeOf('object');
    const render = await env.client.call(renderDaySheet, {
      params: { tourId, dayId },
      body: { scheduleItemIds: [itemId, 999_999] },
      idempotencyKey: key('render'),
    });
    expect(render.ignoredIdCount).toBe(1);
    const pdf = await request(render.url);
    expect((await pdf.body.text()).startsWith('%PDF')).toBe(true);

    const data = await env.client.call(getTourData, {
      params: { tourId },
      query: { dayIds: [dayId], scheduleLimit: 10 },
    });
    expect(data.days.map((day) => day.id)).toEqual([dayId]);
    expect(data.tour?.id).toBe(tourId);
  });
});
