// @needs chromium
import { describe, expect, it } from 'vitest';
import { useRig } from './helpers/chromium.js';

const rig = useRig();

describe('React 19 (helpers/react-page.tsx)', () => {
  it('renders <elicit-form> from JSX: the prompt goes in as a property, the outcome comes back through onelicit-outcome', async () => {
    const page = await rig.page({ path: '/react.html' });
    const form = page.locator('elicit-form');
    await expect(form.getByRole('radio', { name: 'terrace' }).isChecked()).resolves.toBe(true);
    await form.getByLabel('Name').fill('Ada');
    await form.getByRole('button', { name: 'Review answers' }).click();
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(page.locator('#outcome').textContent()).resolves.toBe(
      JSON.stringify({ action: 'submit', content: { name: 'Ada', seating: 'terrace' } }),
    );
  });
});
