// The reference at /api/docs: Swagger UI reading the API's own document. A file of its own, not an
// inline script, so that the page runs under the app's Content-Security-Policy unchanged.
window.addEventListener('load', () => {
  window.SwaggerUIBundle({
    url: '/api/v1/openapi.json',
    dom_id: '#reference',
    deepLinking: true,
    // The public validator's badge is an image from another origin, which the policy refuses.
    validatorUrl: null,
  })
})
