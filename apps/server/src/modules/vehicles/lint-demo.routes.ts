// Throwaway (issue 25): a table import outside repositories must fail lint.
import { vehicles } from '../../db/schema.js';
export const table = vehicles;
