import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Booking {
  id: number;
  name: string;
  party: number;
  day: string;
  seating: string;
  extras: string[];
  reminder: boolean;
}

/**
 * The demo's state: bookings in one JSON file under the data directory, so `confirm_delete` has something
 * real to delete and a restart keeps it. Writes go through a temporary file and a rename, so a crash
 * never leaves half a file.
 */
export class BookingBook {
  private readonly file: string;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.file = join(dataDir, 'bookings.json');
  }

  list(): Booking[] {
    try {
      const parsed = JSON.parse(readFileSync(this.file, 'utf8')) as unknown;
      return Array.isArray(parsed) ? (parsed as Booking[]) : [];
    } catch {
      return [];
    }
  }

  add(booking: Omit<Booking, 'id'>): Booking {
    const all = this.list();
    const saved = { id: Math.max(0, ...all.map((b) => b.id)) + 1, ...booking };
    this.save([...all, saved]);
    return saved;
  }

  remove(id: number): boolean {
    const all = this.list();
    const kept = all.filter((b) => b.id !== id);
    if (kept.length === all.length) return false;
    this.save(kept);
    return true;
  }

  private save(bookings: Booking[]): void {
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(bookings, null, 2)}\n`);
    renameSync(temporary, this.file);
  }
}

export function describeBooking(b: Booking): string {
  const extras = b.extras.length > 0 ? `, extras: ${b.extras.join(', ')}` : '';
  return `#${b.id} ${b.name}, ${b.party} ${b.party === 1 ? 'person' : 'people'} on ${b.day} (${b.seating}${extras})`;
}
