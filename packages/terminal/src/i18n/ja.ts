import type { Translation } from '@elicitkit/core';
import type { TerminalMessageKey } from './en.js';

const ja: Translation<TerminalMessageKey> = {};
export default ja;
