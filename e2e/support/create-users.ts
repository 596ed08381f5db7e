// The e2e globalSetup's accounts: `npm run users -- create <e-mail> --name … --password … --role …`
// for each role, run in one process on one opening of the data folder instead of three (each
// process spent ≈ 4–5 s starting Node, tsx and PGlite; decision 059). The same command code the
// CLI runs (runUsersCommand); the CLI process itself is tested in apps/server/src/cli/users.test.ts.
import { runUsersCommand } from '../../apps/server/src/cli/users-command.js'
import { withConfiguredDatabase } from '../../apps/server/src/cli/with-database.js'
import { E2E_USERS } from '../global-setup.js'

void withConfiguredDatabase(async (database, config) => {
  for (const [role, u] of Object.entries(E2E_USERS)) {
    const argv = ['create', u.email, '--name', u.name, '--password', u.password, '--role', role]
    const code = await runUsersCommand(argv, database, config)
    if (code !== 0) {
      process.exitCode = code
      return
    }
  }
})
