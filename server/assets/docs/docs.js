// Starts Swagger UI on /docs. A file of its own: the page's Content-Security-Policy allows no
// inline script.
"use strict";

(function () {
  // The server that served this page: the contract and every try-it call are fetched from
  // it, whatever the contract's `servers` says.
  var origin = window.location.origin;

  // Replaces the contract's `servers` with this server as the spec is loaded.
  function ThisServer() {
    return {
      statePlugins: {
        spec: {
          wrapActions: {
            updateJsonSpec: function (original) {
              return function (spec) {
                var servers = [{ url: origin, description: "This server" }];
                return original(Object.assign({}, spec, { servers: servers }));
              };
            },
          },
        },
      },
    };
  }

  window.ui = SwaggerUIBundle({
    url: origin + "/openapi.yaml",
    dom_id: "#swagger-ui",
    presets: [SwaggerUIBundle.presets.apis],
    plugins: [ThisServer],
    layout: "BaseLayout",
    deepLinking: true,
    displayOperationId: true,
    filter: true,
    persistAuthorization: true,
    defaultModelsExpandDepth: 0,
    // No badge fetched from validator.swagger.io: nothing leaves this server.
    validatorUrl: null,
  });
})();
