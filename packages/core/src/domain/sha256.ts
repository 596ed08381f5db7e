import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'

/** Hex SHA-256 of a UTF-8 string (works in the browser and on the server). */
export function sha256(text: string): string {
  return bytesToHex(nobleSha256(utf8ToBytes(text)))
}
