// Throwaway (issue 25): an import cycle must fail lint.
import { b } from './lint-demo-b.js';
export const a = () => b();
