import { runUsersCommand } from './users-command.js'
import { withConfiguredDatabase } from './with-database.js'

// `npm run users -- …`: the command runs on the configured database (see users-command.ts).
void withConfiguredDatabase(async (database, config) => {
  process.exitCode = await runUsersCommand(process.argv.slice(2), database, config)
})
