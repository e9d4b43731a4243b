import fs from 'node:fs';
import { loadConfig } from '../../../apps/server/src/config.js';

export const outside = [fs, loadConfig];
