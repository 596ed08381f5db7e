// Submits the sign-out form at once; without JavaScript the page shows its one button instead.
document.addEventListener('DOMContentLoaded', () => {
  var form = document.getElementById('op.logoutForm')
  if (!form) return
  var input = document.createElement('input')
  input.type = 'hidden'
  input.name = 'logout'
  input.value = 'yes'
  form.appendChild(input)
  form.submit()
})
