import { a } from './lint-demo-a.js';
export const b = (): unknown => a;
