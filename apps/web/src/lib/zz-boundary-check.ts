export function shown(error: Error): string {
  return `${error.message} ${new Date().toLocaleDateString('de-DE')}`;
}
