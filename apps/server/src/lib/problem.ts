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
}

export function zodIssuesToProblem(issues: ValidationIssue[]): ProblemBody {
  const structural = issues.some(
    (issue) => STRUCTURAL.has(issue.code) || (issue.code === 'invalid_format' && issue.path.length === 0),
  );
  if (structural) {
    const first = issues.find((issue) => STRUCTURAL.has(issue.code)) ?? issues[0];
    const where = first && first.path.length ? ` (${first.path.join('.')})` : '';
    return problem(400, 'Bad Request', `Invalid input${where}`);
  }
  return problem(
    422,
    'An error occurred',
    issues.map((issue) => issue.message).join(' '),
    issues.map((issue) => ({ propertyPath: issue.path.join('.'), message: issue.message })),
  );
}
