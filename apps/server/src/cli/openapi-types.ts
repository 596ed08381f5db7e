// `npm run openapi:types`: writes the TypeScript types a third-party client would generate from
// the OpenAPI document (openapi-typescript), used by openapi.test.ts to call the API through
// openapi-fetch. The test fails when the committed file is stale.
import { writeFileSync } from 'node:fs'
import { OPENAPI_TYPES_FILE, openApiTypes } from '../openapi-client.js'

writeFileSync(OPENAPI_TYPES_FILE, await openApiTypes())
console.log(`wrote ${OPENAPI_TYPES_FILE}`)
