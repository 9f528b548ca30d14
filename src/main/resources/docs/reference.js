// Renders the served API document (/openapi.yaml) with Swagger UI. "Try it out" sends requests to this same
// service only (the page's Content-Security-Policy allows no other origin).
window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: "/openapi.yaml",
    dom_id: "#reference",
    deepLinking: true,
    displayOperationId: true,
    defaultModelsExpandDepth: 0,
    tryItOutEnabled: false,
    validatorUrl: null,
  });
});
