import type { Translation } from '@elicitkit/core';
import type { TerminalMessageKey } from './en.js';

const ar: Translation<TerminalMessageKey> = {};
export default ar;
