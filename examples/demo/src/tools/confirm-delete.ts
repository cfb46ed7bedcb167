import { choose, confirm } from '@elicitkit/server';
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { type BookingBook, describeBooking } from '../bookings.js';
import { reply } from './reply.js';

/** A confirmation (a form without fields), where decline and cancel mean different things. */
export function registerConfirmDelete(server: McpServer, bookings: BookingBook): void {
  server.registerTool(
    'confirm_delete',
    {
      title: 'Delete a booking',
      description: 'Deletes a booking after you confirm. Without an id, asks which one.',
      inputSchema: z.object({ id: z.number().int().positive().optional().describe('Booking number') }),
    },
    async ({ id }, ctx) => {
      const all = bookings.list();
      if (all.length === 0) return reply('There are no bookings to delete. Try book_table first.');
      let target = id === undefined ? undefined : all.find((b) => b.id === id);
      if (id !== undefined && !target) return reply(`There is no booking #${id}.`);
      if (!target) {
        const choices = Object.fromEntries(all.map((b) => [String(b.id), describeBooking(b)]));
        const picked = await choose(ctx, 'Which booking should be deleted?', choices, { title: 'Booking' });
        if (picked.action !== 'accept') return reply('Nothing deleted.');
        target = all.find((b) => String(b.id) === picked.data);
        if (!target) return reply('That booking is already gone.');
      }
      const answer = await confirm(ctx, `Delete booking ${describeBooking(target)}? This cannot be undone.`);
      switch (answer.action) {
        case 'accept':
          bookings.remove(target.id);
          return reply(`Deleted booking #${target.id}.`);
        case 'decline':
          return reply(`Kept booking #${target.id}: you said no.`);
        case 'cancel':
          return reply(`Nothing changed: the question was dismissed, booking #${target.id} is untouched.`);
      }
    },
  );
}
