/** Path of a webhook trigger's route: `/hooks/<name>`. */
export function webhookPath(name: string): string {
  return `/hooks/${name}`;
}
