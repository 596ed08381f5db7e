import type { Config } from '../../config.js'

export interface IssueDraft {
  title: string
  body: string
  labels: string[]
}

/** Files issues through GitHub's REST API; `create` resolves to the issue's html_url. */
export interface IssueTracker {
  create(issue: IssueDraft): Promise<string>
}

const TIMEOUT_MS = 10_000

/** POST {apiUrl}/repos/{owner}/{name}/issues — https://docs.github.com/rest/issues/issues#create-an-issue */
export function createGithubIssues(github: NonNullable<Config['github']>): IssueTracker {
  return {
    async create(issue) {
      const res = await fetch(`${github.apiUrl}/repos/${github.repo}/issues`, {
        method: 'POST',
        headers: {
          accept: 'application/vnd.github+json',
          authorization: `Bearer ${github.token}`,
          'content-type': 'application/json',
          'user-agent': 'che-idioms',
          'x-github-api-version': '2022-11-28',
        },
        body: JSON.stringify(issue),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
      if (res.status !== 201) {
        const detail = (await res.text().catch(() => '')).slice(0, 300)
        throw new Error(`GitHub answered ${res.status}: ${detail}`)
      }
      const body = (await res.json()) as { html_url?: unknown }
      if (typeof body.html_url !== 'string') throw new Error('GitHub answered without html_url')
      return body.html_url
    },
  }
}
