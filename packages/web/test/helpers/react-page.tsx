// Runs inside Chromium: a React 19 app rendering <elicit-form> directly in JSX. React 19 sets `prompt` as
// a property (the element has one) and wires `onelicit-outcome` to the element's `elicit-outcome` event.
import type { FormAnswer, FormPrompt } from '@elicitkit/client';
import {
  applyDefaults,
  type ElicitContent,
  formModel,
  type RequestedSchema,
  validateContent,
  validateField,
} from '@elicitkit/core';
import { defineElicitElements } from '@elicitkit/web/elements';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'elicit-form': {
        prompt?: FormPrompt;
        theme?: 'light' | 'dark';
        'onelicit-outcome'?: (event: CustomEvent<FormAnswer>) => void;
      };
    }
  }
}

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', minLength: 2 },
    seating: { type: 'string', title: 'Seating', enum: ['indoors', 'terrace'], default: 'terrace' },
  },
  required: ['name'],
} as RequestedSchema;

const prompt: FormPrompt = {
  kind: 'form',
  id: 'react-1',
  requester: { name: 'demo-server', title: 'Demo Server' },
  message: 'Book a table.',
  signal: new AbortController().signal,
  fields: formModel(schema),
  requestedSchema: schema,
  initial: applyDefaults(schema) as Partial<ElicitContent>,
  validateField: (name, value) => validateField(schema, name, value),
  validate: (answers) => validateContent(schema, answers, { unknownProperties: 'reject' }),
};

defineElicitElements();

function App() {
  const [outcome, setOutcome] = useState<FormAnswer>();
  if (outcome) return <output id="outcome">{JSON.stringify(outcome)}</output>;
  return <elicit-form prompt={prompt} onelicit-outcome={(event) => setOutcome(event.detail)} />;
}

createRoot(document.getElementById('prompts')!).render(<App />);
