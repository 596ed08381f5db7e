// No zod here: the web client's first load fills paths without pulling the contract's schemas
// (issue 13 first-load budget, docs/decisions/039).

/** Fill `:name` parameters of a path. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`missing path parameter ${name}`)
    return encodeURIComponent(value)
  })
}
