import type { Translation } from '@elicitkit/core';
import type { TerminalMessageKey } from './en.js';

const de: Translation<TerminalMessageKey> = {};
export default de;
