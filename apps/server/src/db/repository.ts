import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * A repository as a named Fastify plugin (fastify/demo's `tasks-repository`): decorated onto the instance under
 * `decorator`, registered once, with the repositories it uses declared as dependencies so that a missing or
 * misordered registration fails at start, not at the first request.
 */
export function repositoryPlugin<N extends keyof FastifyInstance & string>(
  decorator: N,
  create: (app: FastifyInstance) => FastifyInstance[N] | Promise<FastifyInstance[N]>,
  dependencies: (keyof FastifyInstance & string)[] = [],
) {
  return fp(
    async (app) => {
      // The value's type is FastifyInstance[N] by construction; decorate's overloads cannot see that for a generic N.
      app.decorate(decorator, (await create(app)) as never);
    },
    { name: decorator, dependencies: ['db', ...dependencies] },
  );
}

/**
 * A service (logic over several repositories, built once from the app's config) as a named plugin: the same
 * mechanics as a repository's, decorated under `decorator` with its dependencies declared.
 */
export const servicePlugin = repositoryPlugin;
