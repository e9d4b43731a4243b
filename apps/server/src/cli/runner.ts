import { ConfigError, loadConfig, type AppConfig } from '../config.js';

/**
 * Runs a command-line tool that works on the server's data (`rotate-proof-key`, `db-dump`, `db-restore`): with the
 * server's configuration from the environment, exiting with what `main` answers, or with 2 and the message of what
 * it threw (a ConfigError names every bad variable).
 */
export function runCli(main: (config: AppConfig, args: string[]) => Promise<number>): void {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
  main(config, process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(2);
    },
  );
}

/**
 * `runCli` for a tool of the embedded database only: with DATABASE_URL set it names the PostgreSQL tool to use
 * `instead` and exits with 2.
 */
export function runPgliteCli(instead: string, main: (config: AppConfig, args: string[]) => Promise<number>): void {
  runCli(async (config, args) => {
    if (!config.databaseUrl) return main(config, args);
    console.error(`DATABASE_URL ist gesetzt: ${instead}\n(docs/deploy.md, Abschnitt Sicherungen).`);
    return 2;
  });
}
