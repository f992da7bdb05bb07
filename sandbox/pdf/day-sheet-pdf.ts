/** Renders a day sheet model to a real PDF (A4, Helvetica) with @pdfme/pdf-lib. */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from '@pdfme/pdf-lib';
import type { DaySheetModel } from '../routes/day-sheet/model.ts';

const PAGE: [number, number] = [595.28, 841.89];
const MARGIN = 48;

/** The standard fonts encode WinAnsi only: anything else becomes '?'. */
const printable = (text: unknown): string => String(text ?? '').replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');

/** Writes lines top to bottom, starting new pages as needed. */
class Writer {
  private page: PDFPage;
  private y = PAGE[1] - MARGIN;

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = doc.addPage(PAGE);
  }

  line(text: string, options: { size?: number; bold?: boolean; indent?: number } = {}): void {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.font;
    const x = MARGIN + (options.indent ?? 0);
    for (const part of this.wrap(printable(text), font, size, PAGE[0] - MARGIN - x)) {
      if (this.y < MARGIN + size) {
        this.page = this.doc.addPage(PAGE);
        this.y = PAGE[1] - MARGIN;
      }
      this.page.drawText(part, { x, y: this.y - size, size, font, color: rgb(0.1, 0.1, 0.1) });
      this.y -= size * 1.4;
    }
  }

  section(title: string): void {
    this.y -= 8;
    this.line(title, { size: 13, bold: true });
  }

  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    let current = '';
    for (const word of text.split(/\s+/)) {
      const next = current ? `${current} ${word}` : word;
      if (current && font.widthOfTextAtSize(next, size) > width) {
        lines.push(current);
        current = word;
      } else current = next;
    }
    lines.push(current);
    return lines;
  }
}

const time = (value: unknown): string => (typeof value === 'string' ? value.slice(0, 5) : '');

/** The PDF bytes of a day sheet. */
export async function renderDaySheetPdf(model: DaySheetModel): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const header = model.header;
  doc.setTitle(printable(`${header.tourName} - ${header.dayName}`));
  doc.setProducer('tourflow sandbox');
  const out = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );
  out.line(String(header.tourName), { size: 18, bold: true });
  out.line(
    `${header.dayName} - ${String(header.date).slice(0, 10)} (${(header.dayType as { type?: string } | null)?.type ?? 'Day'})`,
    { size: 12 },
  );
  out.line(String(header.location ?? ''));
  out.section('Running order');
  for (const item of model.runningOrder)
    out.line(
      `${item.allDay ? 'All day' : `${time(item.start_time)}${item.end_time ? `-${time(item.end_time)}` : ''}`}  ${item.name}`,
      { indent: 8 },
    );
  out.section('Venues');
  for (const venue of model.venues)
    out.line(
      `${venue.title}${venue.formatted_address ? `, ${venue.formatted_address}` : ''}${venue.capacity ? ` (capacity ${venue.capacity})` : ''}`,
      { indent: 8 },
    );
  out.section('Stays');
  for (const stay of model.stays)
    out.line(
      `${stay.title}: in ${stay.check_in_date_time}, out ${stay.check_out_date_time}${stay.booking_number ? `, booking ${stay.booking_number}` : ''}`,
      { indent: 8 },
    );
  out.section('Contacts');
  for (const contact of model.keyContacts)
    out.line(
      `${contact.first_name} ${contact.last_name}${contact.role ? ` (${contact.role})` : ''}${contact.email ? `, ${contact.email}` : ''}`,
      { indent: 8 },
    );
  out.section('Guest list');
  const guests = model.guestList;
  out.line(
    `${guests.entries} entries, ${guests.totalGuests} guests: ${guests.approvedGuests} approved, ${guests.pendingGuests} pending, ${guests.declinedGuests} declined`,
    { indent: 8 },
  );
  out.section('Bulletins');
  for (const bulletin of model.bulletins) {
    out.line(String(bulletin.title), { bold: true, indent: 8 });
    out.line(String(bulletin.body), { indent: 16 });
  }
  out.section('Next days');
  for (const next of model.nextDays) out.line(`${String(next.date).slice(0, 10)}  ${next.name}`, { indent: 8 });
  return doc.save();
}
