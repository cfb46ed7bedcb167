import { boolean, choice, date, elicitForm, integer, multiChoice, text } from '@elicitkit/server';
import type { McpServer } from '@modelcontextprotocol/server';
import { type BookingBook, describeBooking } from '../bookings.js';
import { reply } from './reply.js';

const SEATING = { indoors: 'Indoors', terrace: 'Terrace', bar: 'At the bar' } as const;
const EXTRAS = {
  highchair: 'Highchair',
  window: 'Window seat',
  cake: 'Birthday cake',
  vegan: 'Vegan menu',
} as const;

const FORM = {
  name: text({ minLength: 2, maxLength: 60 }).title('Name for the booking'),
  party: integer({ minimum: 1, maximum: 12 }).title('Party size').default(2),
  // No format in the words: a browser's date picker shows the person's own (mm/dd/yyyy, tt.mm.jjjj), a terminal its
  // YYYY-MM-DD hint; an example in one format contradicts the other.
  day: date().title('Day').describe('The day you would like to come.'),
  seating: choice(SEATING).title('Seating'),
  // The count is the hint's to say ("at most 2 choices", in the person's language): not said twice.
  extras: multiChoice(EXTRAS, { maxItems: 2 }).title('Extras').optional(),
  reminder: boolean().title('Send me a reminder').default(true),
};

const MESSAGE = 'Book a table at Bistro Elicit.\nWe hold tables for 15 minutes.';

/** Every single-value field kind in one form: text, bounded integer with a default, date, select, multi-select, boolean. */
export function registerBookTable(server: McpServer, bookings: BookingBook): void {
  server.registerTool(
    'book_table',
    {
      title: 'Book a table',
      description: 'Books a table at Bistro Elicit. Asks for the details in a form.',
    },
    async (ctx) => {
      // One form on every revision: a 2025-06-18 client, which has no multi-select, is asked the extras as one yes/no
      // field each, and the tool gets the list all the same.
      const outcome = await elicitForm(ctx, { message: MESSAGE, schema: FORM });
      if (outcome.action !== 'accept') {
        return reply(
          outcome.action === 'decline' ? 'No booking made: you declined.' : 'No booking made: cancelled.',
        );
      }
      const { name, party, day, seating, reminder, extras = [] } = outcome.data;
      const booking = bookings.add({
        name,
        party,
        day,
        seating: SEATING[seating],
        extras: extras.map((extra) => EXTRAS[extra]),
        reminder,
      });
      return reply(`Booked ${describeBooking(booking)}.${reminder ? ' We will send a reminder.' : ''}`);
    },
  );
}
