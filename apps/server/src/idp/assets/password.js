// A "Show password" toggle after each password field, for the sign-in, sign-up and new-password
// pages. Without JavaScript the fields are as before. The button's name stays the same and
// aria-pressed says whether the password is shown; it sits after its field in the tab order.
document.addEventListener('DOMContentLoaded', () => {
  for (const input of document.querySelectorAll('input[type="password"]')) {
    const button = document.createElement('button')
    button.type = 'button'
    button.className = 'reveal'
    button.textContent = 'Show password'
    button.setAttribute('aria-pressed', 'false')
    button.setAttribute('aria-controls', input.id)
    button.addEventListener('click', () => {
      const shown = input.type === 'text'
      input.type = shown ? 'password' : 'text'
      button.setAttribute('aria-pressed', String(!shown))
    })
    input.insertAdjacentElement('afterend', button)
  }
})
