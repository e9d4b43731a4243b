import { structuralProblemDetail } from '@streckenpass/contract/problems';

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail?: string;
  violations?: { propertyPath: string; message: string }[];
}

export function problem(
  status: number,
  title: string,
  detail?: string,
  violations?: { propertyPath: string; message: string }[],
): ProblemBody {
  return {
    type: status === 422 ? '/errors/validation' : `https://httpstatuses.io/${status}`,
    title,
    status,
    ...(detail !== undefined ? { detail } : {}),
    ...(violations ? { violations } : {}),
  };
}

/** Issue codes that mean "the shape is wrong" (400) rather than "the value is not acceptable" (422). */
const STRUCTURAL = new Set(['invalid_type', 'unrecognized_keys', 'invalid_union', 'invalid_key', 'invalid_element']);

export interface ValidationIssue {
  code: string;
  path: (string | number)[];
  message: string;
  /** What zod expected (`invalid_type`) and the unknown keys (`unrecognized_keys`), for the German detail. */
  expected?: unknown;
  keys?: readonly string[];
  /** The field is absent from the request. */
  missing?: boolean;
}

export function zodIssuesToProblem(issues: ValidationIssue[]): ProblemBody {
  const structural = issues.some(
    (issue) => STRUCTURAL.has(issue.code) || (issue.code === 'invalid_format' && issue.path.length === 0),
  );
  if (structural) {
    const first = issues.find((issue) => STRUCTURAL.has(issue.code)) ?? issues[0];
    return problem(400, 'Bad Request', structuralProblemDetail(first));
  }
  return problem(
    422,
    'An error occurred',
    issues.map((issue) => issue.message).join(' '),
    issues.map((issue) => ({ propertyPath: issue.path.join('.'), message: issue.message })),
  );
}

/** Whether `path` names nothing in `data` (a missing field rather than one of the wrong type). */
export function isMissing(data: unknown, path: readonly (string | number)[]): boolean {
  let current: unknown = data;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return true;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current === undefined;
}
