// Generated from openapi/wellness-api.yaml by server/scripts/embed-contract.sh
// (`make` regenerates it); ContractTests fails when the two differ.

/// The OpenAPI contract this server implements, as `GET /openapi.yaml` serves it.
enum OpenAPIContract {
    static let yaml = ##"""
        openapi: 3.1.0
        info:
          title: WellnessKit reference API
          version: 1.0.0
          description: >
            The API of the seeds (AI insights 000, longevity trends 001, goals AI 003,
            consultations 004) as wellness-server implements it. Every /api route needs
            an X-API-Key or an Authorization Bearer token (or both, naming the same
            user); a resource of another user answers 404. Errors use the envelope
            {"success": false, "error": {"code", "message"}}, whatever the status
            (400, 401, 404 including unknown routes, 405 with Allow, 413, 429, 500,
            503). HEAD is answered wherever GET is, with the GET's headers and no body.
            Every POST under /api accepts an Idempotency-Key header
            (components.parameters.IdempotencyKey): the POST is applied once per user
            and key, a retry with the same key and request replays the first response
            (Idempotent-Replayed: true), another request with the key is 422, and a
            request while the first is being applied is 409. When the server applying
            a request stops before answering, a retry after the request deadline
            applies it if it was not applied, or, if it was but its response was lost,
            is 422 IDEMPOTENCY_RESPONSE_LOST (read the resource to see the result).
        servers:
          - url: http://127.0.0.1:8080
        security:
          - ApiKeyAuth: []
          - BearerAuth: []

        paths:
          /healthz:
            get:
              operationId: health
              summary: Liveness; never touches the database, so it answers while a long transaction holds it.
              security: []
              responses:
                "500": {$ref: "#/components/responses/Internal"}
                "200":
                  description: The server is up.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [status]
                        properties:
                          status: {type: string, const: ok}

          /openapi.yaml:
            get:
              operationId: contract
              summary: This contract, as the server was built with it.
              security: []
              responses:
                "500": {$ref: "#/components/responses/Internal"}
                "200":
                  description: The OpenAPI document.
                  content:
                    application/yaml:
                      schema: {type: object, required: [openapi, info, paths]}

          /docs:
            get:
              operationId: contractPage
              summary: This contract as a web page, served with everything it needs (no scripts, nothing from elsewhere).
              security: []
              responses:
                "500": {$ref: "#/components/responses/Internal"}
                "200":
                  description: The page.
                  content:
                    text/html:
                      schema: {type: string}

          /readyz:
            get:
              operationId: ready
              summary: Readiness; 200 when the database answers a trivial query (read and write side) within 1 s.
              security: []
              responses:
                "500": {$ref: "#/components/responses/Internal"}
                "200":
                  description: The database answers.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [status]
                        properties:
                          status: {type: string, const: ready}
                "503":
                  description: The database did not answer within 1 s.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/ErrorEnvelope"}

          /metrics:
            get:
              operationId: metrics
              summary: Prometheus metrics (text format 0.0.4); requests by route and status, database waits, AI provider calls.
              description: >
                Labels hold route patterns, methods, statuses, task names and outcomes,
                never a path, an id or a user's data (docs/SERVER.md, "Metrics").
              security: []
              responses:
                "500": {$ref: "#/components/responses/Internal"}
                "200":
                  description: Every metric of this instance.
                  content:
                    text/plain:
                      schema: {type: string}

          /dev/users:
            post:
              operationId: createUser
              summary: Creates a user and returns its API key and a token (development sign-up).
              description: >
                Served only when the server runs with --allow-signup (otherwise 404),
                and limited per client address (--signup-rate-limit per minute, default 10).
              security: []
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        name: {type: [string, "null"], description: "Display name; null or absent gives a default."}
              responses:
                "500": {$ref: "#/components/responses/Internal"}
                "201":
                  description: The new user's credentials; the API key is shown only once.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [success, data]
                        properties:
                          success: {type: boolean}
                          data:
                            type: object
                            required: [user_id, api_key, token]
                            properties:
                              user_id: {type: string}
                              api_key: {type: string}
                              token: {type: string}
                "400": {$ref: "#/components/responses/BadRequest"}
                "404": {$ref: "#/components/responses/NotFound"}
                "413": {$ref: "#/components/responses/TooLarge"}
                "429": {$ref: "#/components/responses/RateLimited"}

          /api/v1/auth/token:
            post:
              operationId: refreshToken
              summary: A fresh token for the authenticated user.
              description: >-
                With the API key, a token that starts a new session; with a token alone,
                a token of the same session, until the session is 30 days old (then 401:
                authenticate with the API key). Tokens are valid for an hour.
              requestBody: {$ref: "#/components/requestBodies/NoInput"}
              responses:
                "409": {$ref: "#/components/responses/KeyInProgress"}
                "422": {$ref: "#/components/responses/KeyReused"}
                "400": {$ref: "#/components/responses/BadRequest"}
                "500": {$ref: "#/components/responses/Internal"}
                "200":
                  description: The token.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [success, data]
                        properties:
                          success: {type: boolean}
                          data:
                            type: object
                            required: [token, expires_in]
                            properties:
                              token: {type: string}
                              expires_in: {type: integer, description: Seconds until the token expires.}
                "401": {$ref: "#/components/responses/Unauthorized"}

          /api/v1/auth/revoke:
            post:
              operationId: revokeTokens
              summary: Every token of the user issued until now stops working; API keys keep working.
              requestBody: {$ref: "#/components/requestBodies/NoInput"}
              responses:
                "409": {$ref: "#/components/responses/KeyInProgress"}
                "422": {$ref: "#/components/responses/KeyReused"}
                "400": {$ref: "#/components/responses/BadRequest"}
                "500": {$ref: "#/components/responses/Internal"}
                "200":
                  description: The instant before which tokens are refused.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [success, data]
                        properties:
                          success: {type: boolean}
                          data:
                            type: object
                            required: [revoked_before]
                            properties:
                              revoked_before: {type: string, format: date-time}
                "401": {$ref: "#/components/responses/Unauthorized"}

          /api/v1/auth/keys:
            get:
              operationId: listApiKeys
              summary: The user's API keys, oldest first, as id, prefix and creation time (never the key).
              responses:
                "500": {$ref: "#/components/responses/Internal"}
                "200":
                  description: The keys.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [success, data]
                        properties:
                          success: {type: boolean}
                          data:
                            type: object
                            required: [keys]
                            properties:
                              keys:
                                type: array
                                items: {$ref: "#/components/schemas/ApiKey"}
                "401": {$ref: "#/components/responses/Unauthorized"}
            post:
              operationId: createApiKey
              summary: A new API key for the user, shown in this response only (at most 10 keys per user).
              description: >-
                To rotate: create a key, switch every client to it, then revoke the old
                one (DELETE /api/v1/auth/keys/{id}). The old key keeps working until then.
              requestBody: {$ref: "#/components/requestBodies/NoInput"}
              responses:
                "409":
                  description: >-
                    The user already holds 10 keys (TOO_MANY_API_KEYS), or a request with
                    this Idempotency-Key is being applied.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/ErrorEnvelope"}
                "422": {$ref: "#/components/responses/KeyReused"}
                "400": {$ref: "#/components/responses/BadRequest"}
                "413": {$ref: "#/components/responses/TooLarge"}
                "500": {$ref: "#/components/responses/Internal"}
                "201":
                  description: The key, with api_key, which is not shown again.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [success, data]
                        properties:
                          success: {type: boolean}
                          data:
                            allOf:
                              - {$ref: "#/components/schemas/ApiKey"}
                              - type: object
                                required: [api_key]
                                properties:
                                  api_key: {type: string}
                "401": {$ref: "#/components/responses/Unauthorized"}

          /api/v1/auth/keys/{id}:
            parameters:
              - {name: id, in: path, required: true, schema: {type: string}}
            delete:
              operationId: revokeApiKey
              summary: Revokes one of the user's API keys, the one of this request included, but never the last.
              description: >-
                The key is refused at once by the instance that revoked it, and by other
                instances sharing the database within --auth-cache-ttl (5 s by default).
                Tokens issued before stay valid until they expire; revoke them too
                (POST /api/v1/auth/revoke) when the key may have leaked.
              requestBody: {$ref: "#/components/requestBodies/NoInput"}
              responses:
                "500": {$ref: "#/components/responses/Internal"}
                "204": {description: Revoked.}
                "400": {$ref: "#/components/responses/BadRequest"}
                "401": {$ref: "#/components/responses/Unauthorized"}
                "404": {$ref: "#/components/responses/NotFound"}
                "409":
                  description: It is the user's only key (LAST_API_KEY); create another first.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/ErrorEnvelope"}
                "413": {$ref: "#/components/responses/TooLarge"}

          /api/v1/account:
            delete:
              operationId: eraseAccount
              summary: Erases the account and everything stored about the user, at once and for good.
              description: >-
                Confirmed by one of the user's API keys in the body (a token alone does
                not erase an account). Deletes every row of the user in every table in
                one transaction; from the moment it commits, the user's keys and tokens
                are 401 on every instance sharing the database, and cached pages and
                opened insights are forgotten. Requests of the user in flight meanwhile
                either complete before it or are 401, and write nothing after it.
                Afterwards the same credentials are 401; 404 when another request erased
                the account while this one was in flight (docs/SERVER.md, "Data subject requests").
                The user's data key is deleted first; when the key store cannot delete it,
                nothing is erased and the answer is 503 with Retry-After.
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      additionalProperties: false
                      required: [api_key]
                      properties:
                        api_key: {type: string, minLength: 1, description: One of the user's API keys.}
              responses:
                "500": {$ref: "#/components/responses/Internal"}
                "204": {description: Erased.}
                "400": {$ref: "#/components/responses/BadRequest"}
                "401": {$ref: "#/components/responses/Unauthorized"}
                "403":
                  description: The api_key is not one of this account's keys (CONFIRMATION_FAILED); nothing is erased.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/ErrorEnvelope"}
                "404": {$ref: "#/components/responses/NotFound"}
                "413": {$ref: "#/components/responses/TooLarge"}
                "503":
                  description: >-
                    The key store did not delete the user's data key (KEY_STORE_UNAVAILABLE);
                    nothing is erased; retry after the given seconds.
                  headers:
                    Retry-After: {required: true, schema: {type: string, pattern: "^[0-9]+$"}}
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/ErrorEnvelope"}

          /api/v1/account/export:
            get:
              operationId: exportAccount
              summary: Everything stored about the user, decrypted, as one JSON download.
              description: >-
                Streamed as it is read (Content-Disposition: attachment). The last member
                is "complete": true; a download cut short by a failure lacks it.
              responses:
                "500": {$ref: "#/components/responses/Internal"}
                "200":
                  description: The export.
                  headers:
                    Content-Disposition: {schema: {type: string}}
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/AccountExport"}
                "401": {$ref: "#/components/responses/Unauthorized"}

          /api/v1/profile:
            get:
              operationId: getProfile
              responses:
                "500": {$ref: "#/components/responses/Internal"}
                "200": {$ref: "#/components/responses/ProfileResponse"}
                "401": {$ref: "#/components/responses/Unauthorized"}
            put:
              operationId: putProfile
              summary: Replaces the physical profile goal suggestions draw on, and sets the user's calendar.
              description: >-
                Age, height and weight are replaced (left out: none). time_zone and
                first_weekday, left out, keep their stored values; null resets them to
                UTC and Monday. Every day the server counts (the coach's "today" and
                "this week", sessions' days, weekly insights, trends, the workouts
                list's date bounds) is a day of this calendar, from the next read on.
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/Profile"}
              responses:
                "500": {$ref: "#/components/responses/Internal"}
                "200": {$ref: "#/components/responses/ProfileResponse"}
                "400": {$ref: "#/components/responses/BadRequest"}
                "401": {$ref: "#/components/responses/Unauthorized"}
                "413": {$ref: "#/components/responses/TooLarge"}

          /api/v1/checkins:
            post:
              operationId: ingestCheckIns
              summary: Stores daily check-ins (replacing a day's earlier one) and generates insights from them.
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      required: [checkins]
                      properties:
                        checkins:
                          type: array
                          items: {$ref: "#/components/schemas/CheckIn"}
              responses:
                "409": {$ref: "#/components/responses/KeyInProgress"}
                "422": {$ref: "#/components/responses/KeyReused"}
                "500": {$ref: "#/components/responses/Internal"}
                "201":
                  description: What was stored and generated.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [success, data]
                        properties:
                          success: {type: boolean}
                          data:
                            type: object
                            required: [stored, insights_generated]
                            properties:
                              stored: {type: integer}
                              insights_generated: {type: integer}
                "400": {$ref: "#/components/responses/BadRequest"}
                "401": {$ref: "#/components/responses/Unauthorized"}
                "413": {$ref: "#/components/responses/TooLarge"}
            get:
              operationId: listCheckIns
              responses:
                "500": {$ref: "#/components/responses/Internal"}
                "200":
                  description: The user's check-ins in date order.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [success, data]
                        properties:
                          success: {type: boolean}
                          data:
                            type: array
                            items: {$ref: "#/components/schemas/CheckInRecord"}
                "401": {$ref: "#/components/responses/Unauthorized"}

          /api/v1/daily-metrics:
            post:
              operationId: storeDailyMetrics
              summary: Stores daily metrics per day and metric (at most 1,000 days per request); null deletes a metric.
              description: >-
                Each day's metrics are merged into the stored day: a value replaces
                that metric's, null deletes it, metrics left out stay. A day left
                without metrics is deleted. A date sent twice is applied in order.
                Values are converted to their metric's unit (units) and sealed at
                rest. With Idempotency-Key, applied once.
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      required: [days]
                      additionalProperties: false
                      properties:
                        days:
                          type: array
                          minItems: 1
                          maxItems: 1000
                          items: {$ref: "#/components/schemas/DailyMetricsDay"}
                        units: {$ref: "#/components/schemas/DailyMetricsUnits"}
              responses:
                "409": {$ref: "#/components/responses/KeyInProgress"}
                "422": {$ref: "#/components/responses/KeyReused"}
                "500": {$ref: "#/components/responses/Internal"}
                "201":
                  description: How many days hold metrics after the write, and how many were left without any.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [success, data]
                        properties:
                          success: {type: boolean}
                          data:
                            type: object
                            required: [stored, deleted]
                            properties:
                              stored: {type: integer, minimum: 0}
                              deleted: {type: integer, minimum: 0}
                "400": {$ref: "#/components/responses/BadRequest"}
                "401": {$ref: "#/components/responses/Unauthorized"}
                "413": {$ref: "#/components/responses/TooLarge"}
            get:
              operationId: listDailyMetrics
              parameters:
                - name: from
                  in: query
                  description: The earliest date, included.
                  schema: {$ref: "#/components/schemas/InputDate"}
                - name: to
                  in: query
                  description: The latest date, included.
                  schema: {$ref: "#/components/schemas/InputDate"}
                - {$ref: "#/components/parameters/Page"}
                - {$ref: "#/components/parameters/PageSize"}
              responses:
                "500": {$ref: "#/components/responses/Internal"}
                "200":
                  description: One page of the user's days of metrics, oldest first.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [success, data]
                        properties:
                          success: {type: boolean}
                          data:
                            type: object
                            required: [days, pagination]
                            properties:
                              days:
                                type: array
                                items: {$ref: "#/components/schemas/DailyMetricsRecord"}
                              pagination: {$ref: "#/components/schemas/Pagination"}
                "400": {$ref: "#/components/responses/BadRequest"}
                "401": {$ref: "#/components/responses/Unauthorized"}

          /api/v1/daily-metrics/{date}:
            parameters:
              - {name: date, in: path, required: true, schema: {$ref: "#/components/schemas/InputDate"}}
            delete:
              operationId: deleteDailyMetrics
              summary: Deletes the user's metrics of one day; 204 also when there are none.
              requestBody: {$ref: "#/components/requestBodies/NoInput"}
              responses:
                "500": {$ref: "#/components/responses/Internal"}
                "204": {description: "Deleted, or there were none."}
                "400": {$ref: "#/components/responses/BadRequest"}
                "401": {$ref: "#/components/responses/Unauthorized"}
                "413": {$ref: "#/components/responses/TooLarge"}

          /api/v1/workouts:
            post:
              operationId: storeWorkouts
              summary: Stores workouts (at most 1,000 per request); a workout of the same start and activity is replaced.
              description: >-
                A workout's natural key is its start and activity: sending the same
                workouts again stores each once, the later one's end and fields
                replacing the earlier. Its id is derived from that key. Activity and
                fields are sealed at rest.
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      required: [workouts]
                      additionalProperties: false
                      properties:
                        workouts:
                          type: array
                          maxItems: 1000
                          items: {$ref: "#/components/schemas/WorkoutInput"}
              responses:
                "409": {$ref: "#/components/responses/KeyInProgress"}
                "422": {$ref: "#/components/responses/KeyReused"}
                "500": {$ref: "#/components/responses/Internal"}
                "201":
                  description: How many workouts were stored.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [success, data]
                        properties:
                          success: {type: boolean}
                          data:
                            type: object
                            required: [stored]
                            properties:
                              stored: {type: integer, minimum: 0}
                "400": {$ref: "#/components/responses/BadRequest"}
                "401": {$ref: "#/components/responses/Unauthorized"}
                "413": {$ref: "#/components/responses/TooLarge"}
            get:
              operationId: listWorkouts
              parameters:
                - name: from
                  in: query
                  description: The earliest start, included (a date is its first instant in the profile's time zone).
                  schema: {$ref: "#/components/schemas/InputInstant"}
                - name: to
                  in: query
                  description: The latest start, included (a date is its last instant in the profile's time zone).
                  schema: {$ref: "#/components/schemas/InputInstant"}
                - {$ref: "#/components/parameters/Page"}
                - {$ref: "#/components/parameters/PageSize"}
              responses:
                "500": {$ref: "#/components/responses/Internal"}
                "200":
                  description: One page of the user's workouts, oldest first.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [success, data]
                        properties:
                          success: {type: boolean}
                          data:
                            type: object
                            required: [workouts, pagination]
                            properties:
                              workouts:
                                type: array
                                items: {$ref: "#/components/schemas/Workout"}
                              pagination: {$ref: "#/components/schemas/Pagination"}
                "400": {$ref: "#/components/responses/BadRequest"}
                "401": {$ref: "#/components/responses/Unauthorized"}

          /api/v1/workouts/{id}:
            parameters:
              - {name: id, in: path, required: true, schema: {type: string}}
            delete:
              operationId: deleteWorkout
              summary: Deletes one of the user's workouts; 204 also when there is none of this id (already deleted).
              requestBody: {$ref: "#/components/requestBodies/NoInput"}
              responses:
                "500": {$ref: "#/components/responses/Internal"}
                "204": {description: "Deleted, or there was none."}
                "400": {$ref: "#/components/responses/BadRequest"}
                "401": {$ref: "#/components/responses/Unauthorized"}
                "413": {$ref: "#/components/responses/TooLarge"}

          /api/v1/insights/generate:
            post:
              operationId: generateInsights
              summary: Generates insights from the user's data now (they are also generated on a schedule).
              requestBody: {$ref: "#/components/requestBodies/NoInput"}
              responses:
                "409": {$ref: "#/components/responses/KeyInProgress"}
                "422": {$ref: "#/components/responses/KeyReused"}
                "400": {$ref: "#/components/responses/BadRequest"}
                "500": {$ref: "#/components/responses/Internal"}
                "200":
                  description: How many insights were new.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [success, data]
                        properties:
                          success: {type: boolean}
                          data:
                            type: object
                            required: [insights_generated]
                            properties:
                              insights_generated: {type: integer}
                "401": {$ref: "#/components/responses/Unauthorized"}

          /api/v1/insights:
            get:
              operationId: listInsights
              parameters:
                - {name: insight_type, in: query, schema: {$ref: "#/components/schemas/InsightType"}}
                - {name: read_status, in: query, schema: {type: boolean}}
                - {name: favorites_only, in: query, schema: {type: boolean}}
                - {name: archived_status, in: query, schema: {type: boolean}}
                - {name: sort_by, in: query, schema: {type: string, enum: [created_at, generated_at, updated_at]}}
                - {name: sort_order, in: query, schema: {type: string, enum: [asc, desc]}}
                - {$ref: "#/components/parameters/Page"}
                - {$ref: "#/components/parameters/PageSize"}
              responses:
                "500": {$ref: "#/components/responses/Internal"}
                "200":
                  description: One page of insights.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [success, data]
                        properties:
                          success: {type: boolean}
                          data:
                            type: object
                            required: [insights, pagination]
                            properties:
                              insights:
                                type: array
                                items: {$ref: "#/components/schemas/Insight"}
                              pagination: {$ref: "#/components/schemas/Pagination"}
                "400": {$ref: "#/components/responses/BadRequest"}
                "401": {$ref: "#/components/responses/Unauthorized"}

          /api/v1/insights/{id}:
            parameters:
              - {name: id, in: path, required: true, schema: {type: string}}
            get:
              operationId: getInsight
              responses:
                "500": {$ref: "#/components/responses/Internal"}
                "200": {$ref: "#/components/responses/InsightResponse"}
                "401": {$ref: "#/components/responses/Unauthorized"}
                "404": {$ref: "#/components/responses/NotFound"}
            patch:
              operationId: updateInsight
              summary: Marks read, favourites, archives or unarchives; read_at and archived_at follow.
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/UpdateInsightRequest"}
              responses:
                "500": {$ref: "#/components/responses/Internal"}
                "200": {$ref: "#/components/responses/InsightResponse"}
                "400": {$ref: "#/components/responses/BadRequest"}
                "401": {$ref: "#/components/responses/Unauthorized"}
                "404": {$ref: "#/components/responses/NotFound"}
                "413": {$ref: "#/components/responses/TooLarge"}
            delete:
              operationId: deleteInsight
              requestBody: {$ref: "#/components/requestBodies/NoInput"}
              responses:
                "500": {$ref: "#/components/responses/Internal"}
                "204": {description: Deleted.}
                "400": {$ref: "#/components/responses/BadRequest"}
                "413": {$ref: "#/components/responses/TooLarge"}
                "401": {$ref: "#/components/responses/Unauthorized"}
                "404": {$ref: "#/components/responses/NotFound"}

          /api/v1/goals/suggestions:
            post:
              operationId: goalSuggestions
              summary: 3 to 5 goal suggestions from the user's data, never repeating an existing goal.
              description: >-
                With a body naming insights (seed 004, Journey 3), the suggestions are
                based on those insights (one per insight subject, each rationale naming
                it), completed from the user's data when there are fewer than 3.
              requestBody:
                required: false
                content:
                  application/json:
                    schema:
                      type: object
                      additionalProperties: false
                      properties:
                        insight_ids:
                          type: array
                          minItems: 1
                          maxItems: 10
                          items: {type: string, minLength: 1}
              responses:
                "409": {$ref: "#/components/responses/KeyInProgress"}
                "422": {$ref: "#/components/responses/KeyReused"}
                "500": {$ref: "#/components/responses/Internal"}
                "200":
                  description: The suggestions.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [success, data]
                        properties:
                          success: {type: boolean}
                          data:
                            type: object
                            required: [suggestions, count]
                            properties:
                              suggestions:
                                type: array
                                items: {$ref: "#/components/schemas/GoalSuggestion"}
                              count: {type: integer}
                "400": {$ref: "#/components/responses/BadRequest"}
                "401": {$ref: "#/components/responses/Unauthorized"}
                "404": {$ref: "#/components/responses/NotFound"}
                "413": {$ref: "#/components/responses/TooLarge"}
                "429": {$ref: "#/components/responses/RateLimited"}

          /api/v1/goals:
            post:
              operationId: createGoal
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/CreateGoalRequest"}
              responses:
                "409": {$ref: "#/components/responses/KeyInProgress"}
                "422": {$ref: "#/components/responses/KeyReused"}
                "500": {$ref: "#/components/responses/Internal"}
                "201":
                  description: The goal.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/GoalEnvelope"}
                  links:
                    GetGoal:
                      operationId: getGoal
                      parameters: {id: "$response.body#/data/id"}
                    GetGoalTips:
                      operationId: goalTips
                      parameters: {id: "$response.body#/data/id"}
                "400": {$ref: "#/components/responses/BadRequest"}
                "401": {$ref: "#/components/responses/Unauthorized"}
                "413": {$ref: "#/components/responses/TooLarge"}
            get:
              operationId: listGoals
              parameters:
                - {name: status, in: query, schema: {$ref: "#/components/schemas/GoalStatus"}}
                - {$ref: "#/components/parameters/Page"}
                - {$ref: "#/components/parameters/PageSize"}
              responses:
                "500": {$ref: "#/components/responses/Internal"}
                "200":
                  description: One page of goals, newest first.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [success, data]
                        properties:
                          success: {type: boolean}
                          data:
                            type: object
                            required: [goals, pagination]
                            properties:
                              goals:
                                type: array
                                items: {$ref: "#/components/schemas/Goal"}
                              pagination: {$ref: "#/components/schemas/Pagination"}
                "400": {$ref: "#/components/responses/BadRequest"}
                "401": {$ref: "#/components/responses/Unauthorized"}

          /api/v1/goals/{id}:
            parameters:
              - {name: id, in: path, required: true, schema: {type: string}}
            get:
              operationId: getGoal
              responses:
                "500": {$ref: "#/components/responses/Internal"}
                "200":
                  description: The goal.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/GoalEnvelope"}
                "401": {$ref: "#/components/responses/Unauthorized"}
                "404": {$ref: "#/components/responses/NotFound"}
            patch:
              operationId: updateGoal
              summary: Records progress on a goal, or changes its status or target (seed 004, Journey 1).
              description: >-
                progress is a fraction of the target (0.5 is 50 %) and becomes
                current_value; a goal without a target_value is then tracked in percent
                (target_value 100, target_unit "%"). Reaching the target completes
                an active goal unless the request names a status. Completing a goal adds
                a milestone insight celebrating it, once.
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/UpdateGoalRequest"}
              responses:
                "500": {$ref: "#/components/responses/Internal"}
                "200":
                  description: The goal.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/GoalEnvelope"}
                "400": {$ref: "#/components/responses/BadRequest"}
                "401": {$ref: "#/components/responses/Unauthorized"}
                "404": {$ref: "#/components/responses/NotFound"}
                "413": {$ref: "#/components/responses/TooLarge"}

          /api/v1/goals/{id}/tips:
            parameters:
              - {name: id, in: path, required: true, schema: {type: string}}
            get:
              operationId: goalTips
              summary: 5 to 7 tips for one of the user's goals; 404 "Goal not found" otherwise.
              responses:
                "500": {$ref: "#/components/responses/Internal"}
                "200":
                  description: The tips.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [success, data]
                        properties:
                          success: {type: boolean}
                          data:
                            type: object
                            required: [tips, goal_id, goal_title, count]
                            properties:
                              tips:
                                type: array
                                items: {$ref: "#/components/schemas/GoalTip"}
                              goal_id: {type: string}
                              goal_title: {type: string}
                              count: {type: integer}
                "401": {$ref: "#/components/responses/Unauthorized"}
                "404": {$ref: "#/components/responses/NotFound"}
                "429": {$ref: "#/components/responses/RateLimited"}

          /api/longevity/trends:
            get:
              operationId: longevityTrends
              summary: Weekly, monthly and yearly biological-age trends of the token's user (seed 001).
              responses:
                "500": {$ref: "#/components/responses/Internal"}
                "200":
                  description: The trends.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/TrendsResponse"}
                "401": {$ref: "#/components/responses/Unauthorized"}

          /api/v1/consultations:
            get:
              operationId: listConsultations
              parameters:
                - {name: is_archived, in: query, schema: {type: boolean}}
                - {$ref: "#/components/parameters/Page"}
                - {$ref: "#/components/parameters/PageSize"}
              responses:
                "500": {$ref: "#/components/responses/Internal"}
                "200":
                  description: One page of consultations, newest first.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [success, data]
                        properties:
                          success: {type: boolean}
                          data:
                            type: object
                            required: [consultations, pagination]
                            properties:
                              consultations:
                                type: array
                                items: {$ref: "#/components/schemas/Consultation"}
                              pagination: {$ref: "#/components/schemas/Pagination"}
                "400": {$ref: "#/components/responses/BadRequest"}
                "401": {$ref: "#/components/responses/Unauthorized"}
            post:
              operationId: createConsultation
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/CreateConsultationRequest"}
              responses:
                "404":
                  description: The context_id names no insight or goal (of context_type) of the user.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/ErrorEnvelope"}
                "409": {$ref: "#/components/responses/KeyInProgress"}
                "422": {$ref: "#/components/responses/KeyReused"}
                "500": {$ref: "#/components/responses/Internal"}
                "201":
                  description: The consultation.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/ConsultationEnvelope"}
                  links:
                    GetConsultation:
                      operationId: getConsultation
                      parameters: {id: "$response.body#/data/id"}
                    ListMessages:
                      operationId: listMessages
                      parameters: {id: "$response.body#/data/id"}
                "400": {$ref: "#/components/responses/BadRequest"}
                "401": {$ref: "#/components/responses/Unauthorized"}
                "413": {$ref: "#/components/responses/TooLarge"}

          /api/v1/consultations/{id}:
            parameters:
              - {name: id, in: path, required: true, schema: {type: string}}
            get:
              operationId: getConsultation
              responses:
                "500": {$ref: "#/components/responses/Internal"}
                "200":
                  description: The consultation.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/ConsultationEnvelope"}
                "401": {$ref: "#/components/responses/Unauthorized"}
                "404": {$ref: "#/components/responses/NotFound"}

          /api/v1/consultations/{id}/messages:
            parameters:
              - {name: id, in: path, required: true, schema: {type: string}}
            get:
              operationId: listMessages
              responses:
                "500": {$ref: "#/components/responses/Internal"}
                "200": {$ref: "#/components/responses/MessagesResponse"}
                "401": {$ref: "#/components/responses/Unauthorized"}
                "404": {$ref: "#/components/responses/NotFound"}
            post:
              operationId: sendMessage
              summary: Sends a message; the coach's reply comes back with it.
              description: >
                With Accept text/event-stream the reply is streamed (200): server-sent
                events "delta" ({"text"}: the next piece of the reply), "reset"
                ({"reason"}: forget the pieces so far, the rules' reply follows), then
                "done" (the data of the 201 response) or "error" ({"code", "message"}).
                Errors found before the reply starts are answered as without the header.
                A replay of a streamed request's Idempotency-Key answers 201 with the
                exchange (docs/SERVER.md, "Streamed replies").
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      required: [content]
                      properties:
                        content: {type: string, minLength: 1}
              responses:
                "409": {$ref: "#/components/responses/KeyInProgress"}
                "422": {$ref: "#/components/responses/KeyReused"}
                "500": {$ref: "#/components/responses/Internal"}
                "201": {$ref: "#/components/responses/MessagesResponse"}
                "200":
                  description: The reply as server-sent events (only with Accept text/event-stream).
                  content:
                    text/event-stream:
                      schema: {type: string}
                "400": {$ref: "#/components/responses/BadRequest"}
                "401": {$ref: "#/components/responses/Unauthorized"}
                "404": {$ref: "#/components/responses/NotFound"}
                "413": {$ref: "#/components/responses/TooLarge"}
                "429": {$ref: "#/components/responses/RateLimited"}

        components:
          securitySchemes:
            ApiKeyAuth: {type: apiKey, in: header, name: X-API-Key}
            BearerAuth: {type: http, scheme: bearer, bearerFormat: JWT}

          requestBodies:
            NoInput:
              description: >-
                The route takes no input: send no body, or an empty object; anything
                else is 400 and nothing is done.
              required: false
              content:
                application/json:
                  schema: {type: object, properties: {}, additionalProperties: false}

          parameters:
            Page: {name: page, in: query, schema: {type: integer, minimum: 1, maximum: 1000000}}
            PageSize: {name: page_size, in: query, schema: {type: integer, minimum: 1, maximum: 100}}
            # Every POST under /api accepts this header (see info.description); it is
            # not listed on each operation, so that fuzzers do not reuse one key
            # across different requests, which is rightly a 422.
            IdempotencyKey:
              name: Idempotency-Key
              in: header
              description: >-
                Applies the POST once per user and key: a retry with the same key and
                the same request gets the first response again (with
                Idempotent-Replayed: true); the same key with another request is 422;
                while the first is being applied, 409 (a request whose server stopped
                holds its key until the request deadline, then a retry applies it, or
                is 422 IDEMPOTENCY_RESPONSE_LOST when it was applied but its response
                was lost). Keys are kept 24 hours.
              schema: {type: string, minLength: 1, maxLength: 255, pattern: "^[!-~]+$"}

          responses:
            ProfileResponse:
              description: The profile, with the BMI it implies.
              content:
                application/json:
                  schema:
                    type: object
                    required: [success, data]
                    properties:
                      success: {type: boolean}
                      data:
                        allOf:
                          - {$ref: "#/components/schemas/Profile"}
                          - type: object
                            required: [bmi, time_zone, first_weekday]
                            properties:
                              bmi: {type: [number, "null"]}
                              time_zone: {type: string}
                              first_weekday: {type: integer, minimum: 1, maximum: 7}
            InsightResponse:
              description: The insight.
              content:
                application/json:
                  schema:
                    type: object
                    required: [success, data]
                    properties:
                      success: {type: boolean}
                      data: {$ref: "#/components/schemas/Insight"}
            MessagesResponse:
              description: Messages of a consultation.
              content:
                application/json:
                  schema:
                    type: object
                    required: [success, data]
                    properties:
                      success: {type: boolean}
                      data:
                        type: object
                        required: [messages, count]
                        properties:
                          messages:
                            type: array
                            items:
                              allOf:
                                - {$ref: "#/components/schemas/ConsultationMessage"}
                                - {type: object, required: [data_queries]}
                          count: {type: integer}
            BadRequest:
              description: The request is malformed or invalid; the message names the field.
              content:
                application/json:
                  schema: {$ref: "#/components/schemas/ErrorEnvelope"}
            Unauthorized:
              description: Missing or invalid credentials.
              headers:
                WWW-Authenticate: {schema: {type: string}}
              content:
                application/json:
                  schema: {$ref: "#/components/schemas/ErrorEnvelope"}
            NotFound:
              description: No such resource for this user.
              content:
                application/json:
                  schema: {$ref: "#/components/schemas/ErrorEnvelope"}
            KeyInProgress:
              description: A request with this Idempotency-Key is being applied; retry (Retry-After).
              content:
                application/json:
                  schema: {$ref: "#/components/schemas/ErrorEnvelope"}
            KeyReused:
              description: >-
                This Idempotency-Key was used with a different request
                (IDEMPOTENCY_KEY_REUSED), or with this request, which was applied but
                whose response was lost when its server stopped (IDEMPOTENCY_RESPONSE_LOST).
              content:
                application/json:
                  schema: {$ref: "#/components/schemas/ErrorEnvelope"}
            TooLarge:
              description: The body is larger than 1 MiB.
              content:
                application/json:
                  schema: {$ref: "#/components/schemas/ErrorEnvelope"}
            Internal:
              description: An unexpected failure; the cause is logged, never sent.
              content:
                application/json:
                  schema: {$ref: "#/components/schemas/ErrorEnvelope"}
            RateLimited:
              description: Too many AI requests or sign-ups; retry after the given seconds.
              headers:
                Retry-After: {required: true, schema: {type: string, pattern: "^[0-9]+$"}}
              content:
                application/json:
                  schema: {$ref: "#/components/schemas/ErrorEnvelope"}

          schemas:
            ApiKey:
              type: object
              required: [id, prefix, created_at]
              properties:
                id: {type: string, description: Names the key to revoke.}
                prefix:
                  type: [string, "null"]
                  description: The key's first 8 characters; null for a key created before keys were listed.
                created_at: {type: string, format: date-time}
            Timestamp: {type: string, format: date-time}
            AccountExport:
              type: object
              required: [format, version, exported_at, user, profile, api_keys, checkins, daily_metrics, workouts, insights,
                         goals, consultations, ai_token_usage, complete]
              properties:
                format: {type: string, const: wellness-account-export}
                version: {type: integer, const: 1}
                exported_at: {$ref: "#/components/schemas/Timestamp"}
                user:
                  type: object
                  required: [id, name, created_at]
                  properties:
                    id: {type: string}
                    name: {type: string}
                    created_at: {$ref: "#/components/schemas/Timestamp"}
                profile:
                  allOf:
                    - {$ref: "#/components/schemas/Profile"}
                    - type: object
                      properties:
                        bmi: {type: [number, "null"]}
                api_keys:
                  description: The keys' ids, prefixes and creation times; never a key.
                  type: array
                  items: {$ref: "#/components/schemas/ApiKey"}
                checkins: {type: array, items: {$ref: "#/components/schemas/CheckInRecord"}}
                daily_metrics:
                  description: Oldest first.
                  type: array
                  items: {$ref: "#/components/schemas/DailyMetricsRecord"}
                workouts:
                  description: Oldest first.
                  type: array
                  items: {$ref: "#/components/schemas/Workout"}
                insights:
                  description: Each with its read, favourite and archived state, and how it was made.
                  type: array
                  items:
                    allOf:
                      - {$ref: "#/components/schemas/Insight"}
                      - type: object
                        required: [generation]
                        properties:
                          generation: {$ref: "#/components/schemas/GenerationRecord"}
                goals: {type: array, items: {$ref: "#/components/schemas/Goal"}}
                consultations:
                  type: array
                  items:
                    allOf:
                      - {$ref: "#/components/schemas/Consultation"}
                      - type: object
                        required: [messages]
                        properties:
                          messages:
                            type: array
                            items:
                              allOf:
                                - {$ref: "#/components/schemas/ConsultationMessage"}
                                - type: object
                                  required: [data_queries, generation]
                                  properties:
                                    generation: {$ref: "#/components/schemas/GenerationRecord"}
                ai_token_usage:
                  description: Language-model tokens spent for the user per UTC day.
                  type: array
                  items:
                    type: object
                    required: [date, tokens]
                    properties:
                      date: {$ref: "#/components/schemas/Date"}
                      tokens: {type: integer, minimum: 0}
                complete: {type: boolean, const: true}
            GenerationRecord:
              description: How a generated item was made; null when not recorded (written by the rules before it was).
              oneOf:
                - {type: "null"}
                - type: object
                  required: [source, model, prompt_version, fallback_reason]
                  properties:
                    source: {type: string, enum: [llm, rules]}
                    model: {type: [string, "null"]}
                    prompt_version: {type: [string, "null"]}
                    fallback_reason: {type: [string, "null"]}
            Date:
              type: string
              format: date
              pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"
            InputDate:
              type: string
              format: date
              description: YYYY-MM-DD. The server accepts any real calendar day; the pattern keeps generated examples real.
              pattern: "^(19[0-9]{2}|20[0-9]{2})-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])$"
            InputGoalDate:
              description: >-
                A goal's day (YYYY-MM-DD), or the instant it starts (RFC 3339, as the apps and
                wellness_create_goal_request_from_suggestion write it: "2025-01-15T10:00:00Z").
                The patterns keep generated examples real.
              anyOf:
                - {$ref: "#/components/schemas/InputDate"}
                - type: string
                  format: date-time
                  pattern: "^(19[0-9]{2}|20[0-9]{2})-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\\.[0-9]{1,9})?(Z|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$"
            InputTimestamp:
              description: >-
                An instant: RFC 3339 with Z or an offset, or epoch seconds. The server
                accepts any real instant of years 1-9999; the pattern keeps generated
                examples real.
              anyOf:
                - type: string
                  format: date-time
                  pattern: "^(19[0-9]{2}|20[0-9]{2})-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\\.[0-9]{1,9})?(Z|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$"
                - {type: number, minimum: -62135596800, maximum: 253402300799}
            InputInstant:
              description: An RFC 3339 instant or a date (YYYY-MM-DD, a UTC day).
              anyOf:
                - {$ref: "#/components/schemas/InputDate"}
                - type: string
                  format: date-time
                  pattern: "^(19[0-9]{2}|20[0-9]{2})-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\\.[0-9]{1,9})?(Z|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$"
            DailyMetricsDay:
              description: >-
                One day of daily metrics: its date (the user's local day) and numbers
                named by identifiers (null: delete that metric of that day). The
                documented metrics are listed with their units and ranges (in their
                own unit; a value sent in another unit must be in range once
                converted); spo2_percent is stored as spo2 and hrv as
                heart_rate_variability. Others are stored as sent, without a unit,
                between -1e12 and 1e12. At most 64 metrics a day (the server's
                --daily-metrics-per-day).
              type: object
              required: [date]
              maxProperties: 65
              propertyNames: {pattern: "^[a-z_][a-z0-9_]{0,63}$"}
              properties:
                date: {$ref: "#/components/schemas/InputDate"}
                steps: {type: [number, "null"], minimum: 0, maximum: 500000, description: "steps"}
                resting_heart_rate: {type: [number, "null"], minimum: 20, maximum: 250, description: "bpm"}
                heart_rate_variability: {type: [number, "null"], minimum: 0, maximum: 1000, description: "ms"}
                hrv: {type: [number, "null"], minimum: 0, maximum: 1000, description: "ms (heart_rate_variability)"}
                sleep_minutes: {type: [number, "null"], minimum: 0, maximum: 1440, description: "min"}
                deep_sleep_minutes: {type: [number, "null"], minimum: 0, maximum: 1440, description: "min"}
                light_sleep_minutes: {type: [number, "null"], minimum: 0, maximum: 1440, description: "min"}
                rem_sleep_minutes: {type: [number, "null"], minimum: 0, maximum: 1440, description: "min"}
                awake_minutes: {type: [number, "null"], minimum: 0, maximum: 1440, description: "min"}
                time_in_bed_minutes: {type: [number, "null"], minimum: 0, maximum: 1440, description: "min"}
                active_zone_minutes: {type: [number, "null"], minimum: 0, maximum: 1440, description: "min"}
                deep_sleep_percent: {type: [number, "null"], minimum: 0, maximum: 100, description: "percent"}
                rem_sleep_percent: {type: [number, "null"], minimum: 0, maximum: 100, description: "percent"}
                light_sleep_percent: {type: [number, "null"], minimum: 0, maximum: 100, description: "percent"}
                awake_percent: {type: [number, "null"], minimum: 0, maximum: 100, description: "percent"}
                sleep_score: {type: [number, "null"], minimum: 0, maximum: 100, description: "score"}
                stress_score: {type: [number, "null"], minimum: 0, maximum: 100, description: "score"}
                spo2: {type: [number, "null"], minimum: 50, maximum: 100, description: "percent"}
                spo2_percent: {type: [number, "null"], minimum: 50, maximum: 100, description: "percent (spo2)"}
                vo2_max: {type: [number, "null"], minimum: 5, maximum: 100, description: "ml/kg/min"}
                weight_kg: {type: [number, "null"], minimum: 20, maximum: 400, description: "kg"}
                calories: {type: [number, "null"], minimum: 0, maximum: 50000, description: "kcal"}
                distance_km: {type: [number, "null"], minimum: 0, maximum: 1000, description: "km"}
                floors: {type: [number, "null"], minimum: 0, maximum: 1000, description: "floors"}
              additionalProperties: {type: [number, "null"], minimum: -1.0e12, maximum: 1.0e12}
            DailyMetricsRecord:
              description: A stored day of metrics, each in its metric's unit (spo2_percent and hrv under their names).
              type: object
              required: [date]
              properties:
                date: {type: string, format: date}
              additionalProperties: {type: number}
            DailyMetricsUnits:
              description: >-
                The unit each documented metric is sent in (its own when left out),
                converted on arrival: minutes from h, hours, s; weight from lb, st, g;
                percentages from a fraction; energy from kJ; distance from m, mi.
              type: [object, "null"]
              additionalProperties: false
              properties:
                steps: {type: string, enum: ["steps"]}
                resting_heart_rate: {type: string, enum: ["bpm"]}
                heart_rate_variability: {type: string, enum: ["ms", "s"]}
                hrv: {type: string, enum: ["ms", "s"]}
                sleep_minutes: {type: string, enum: ["min", "minutes", "h", "hours", "s", "seconds"]}
                deep_sleep_minutes: {type: string, enum: ["min", "minutes", "h", "hours", "s", "seconds"]}
                light_sleep_minutes: {type: string, enum: ["min", "minutes", "h", "hours", "s", "seconds"]}
                rem_sleep_minutes: {type: string, enum: ["min", "minutes", "h", "hours", "s", "seconds"]}
                awake_minutes: {type: string, enum: ["min", "minutes", "h", "hours", "s", "seconds"]}
                time_in_bed_minutes: {type: string, enum: ["min", "minutes", "h", "hours", "s", "seconds"]}
                active_zone_minutes: {type: string, enum: ["min", "minutes", "h", "hours", "s", "seconds"]}
                deep_sleep_percent: {type: string, enum: ["percent", "%", "fraction"]}
                rem_sleep_percent: {type: string, enum: ["percent", "%", "fraction"]}
                light_sleep_percent: {type: string, enum: ["percent", "%", "fraction"]}
                awake_percent: {type: string, enum: ["percent", "%", "fraction"]}
                sleep_score: {type: string, enum: ["score"]}
                stress_score: {type: string, enum: ["score"]}
                spo2: {type: string, enum: ["percent", "%", "fraction"]}
                spo2_percent: {type: string, enum: ["percent", "%", "fraction"]}
                vo2_max: {type: string, enum: ["ml/kg/min"]}
                weight_kg: {type: string, enum: ["kg", "lb", "st", "g"]}
                calories: {type: string, enum: ["kcal", "kJ"]}
                distance_km: {type: string, enum: ["km", "m", "mi"]}
                floors: {type: string, enum: ["floors"]}
            WorkoutInput:
              description: >-
                One workout. Fields other than start, end and activity are numbers
                (null: absent) named by identifiers; the standard ones are listed with
                their units, others have none. At most 32 fields. The id is the
                server's (derived from start and activity): a workout sent with one is
                400.
              type: object
              required: [start, end, activity]
              maxProperties: 35
              propertyNames: {pattern: "^[a-z_][a-z0-9_]{0,63}$", not: {const: id}}
              properties:
                start: {$ref: "#/components/schemas/InputTimestamp"}
                end:
                  description: Not before start.
                  allOf: [{$ref: "#/components/schemas/InputTimestamp"}]
                activity: {type: string, minLength: 1, maxLength: 100, description: "As the app names it: Outdoor Run."}
                duration: {type: [number, "null"], description: "min"}
                distance: {type: [number, "null"], description: "km"}
                calories: {type: [number, "null"], description: "kcal"}
                steps: {type: [number, "null"], description: "steps"}
                average_heart_rate: {type: [number, "null"], description: "bpm"}
                active_zone_minutes: {type: [number, "null"], description: "min"}
                elevation_gain: {type: [number, "null"], description: "m"}
                speed: {type: [number, "null"], description: "km/h"}
              additionalProperties: {type: [number, "null"]}
            Workout:
              description: A stored workout; start and end in UTC. Fields as in WorkoutInput, those stored only.
              type: object
              required: [id, start, end, activity]
              properties:
                id: {type: string, description: "wo_ and 32 hex digits, derived from the user, start and activity."}
                start: {$ref: "#/components/schemas/Timestamp"}
                end: {$ref: "#/components/schemas/Timestamp"}
                activity: {type: string}
              additionalProperties: {type: number}
            DataQuery:
              description: >-
                A data query a coach's reply ran (docs/QUERY.md): the normalised query
                and its result, what a number in the reply is based on.
              type: object
              required: [query, result]
              properties:
                query: {type: object}
                result:
                  type: object
                  properties:
                    value: {type: [number, string, array, "null"]}
                    unit: {type: [string, "null"]}
                    rows: {type: integer, minimum: 0}
                    days: {type: integer, minimum: 0}
                    from_date: {type: [string, "null"]}
                    to_date: {type: [string, "null"]}
            ErrorEnvelope:
              type: object
              required: [success, error]
              properties:
                success: {type: boolean, const: false}
                error:
                  type: object
                  required: [code, message]
                  properties:
                    code: {type: string}
                    message: {type: string}
            InsightType: {type: string, enum: [daily, weekly, milestone, pattern]}
            Insight:
              type: object
              required: [id, user_id, insight_type, title, content, summary, suggestions, data_context, is_read, is_favorite,
                         is_archived, generated_at, read_at, archived_at, created_at, updated_at]
              properties:
                id: {type: string}
                user_id: {type: string}
                insight_type: {$ref: "#/components/schemas/InsightType"}
                title: {type: string}
                content: {type: string}
                summary: {type: [string, "null"]}
                suggestions: {type: [array, "null"], items: {type: string}}
                data_context:
                  oneOf:
                    - {type: "null"}
                    - {$ref: "#/components/schemas/DataContext"}
                is_read: {type: boolean}
                is_favorite: {type: boolean}
                is_archived: {type: boolean}
                generated_at: {$ref: "#/components/schemas/Timestamp"}
                read_at: {type: [string, "null"], format: date-time}
                archived_at: {type: [string, "null"], format: date-time}
                created_at: {$ref: "#/components/schemas/Timestamp"}
                updated_at: {$ref: "#/components/schemas/Timestamp"}
            DataContext:
              type: object
              properties:
                date_range:
                  oneOf:
                    - {type: "null"}
                    - type: object
                      required: [start_date, end_date]
                      properties:
                        start_date: {$ref: "#/components/schemas/Timestamp"}
                        end_date: {$ref: "#/components/schemas/Timestamp"}
                metrics:
                  oneOf:
                    - {type: "null"}
                    - type: object
                      properties:
                        workouts: {type: [integer, "null"]}
                        calories: {type: [number, "null"]}
                        steps: {type: [integer, "null"]}
                        sleep_hours: {type: [number, "null"]}
                        mood_score: {type: [number, "null"]}
                goals: {type: [array, "null"], items: {type: string}}
                achievements: {type: [array, "null"], items: {type: string}}
            Pagination:
              type: object
              required: [page, page_size, total_pages, total_count, has_next, has_prev]
              properties:
                page: {type: integer, minimum: 1}
                page_size: {type: integer, minimum: 1}
                total_pages: {type: integer, minimum: 0}
                total_count: {type: integer, minimum: 0}
                has_next: {type: boolean}
                has_prev: {type: boolean}
            UpdateInsightRequest:
              type: object
              minProperties: 1
              properties:
                is_read: {type: boolean}
                is_favorite: {type: boolean}
                is_archived: {type: boolean}
              description: Only the keys present change; null is not a value.
            GoalSuggestion:
              type: object
              required: [title, description, goal_type, target_value, target_unit, rationale, estimated_duration, difficulty]
              properties:
                title: {type: string}
                description: {type: string}
                goal_type: {type: string}
                target_value: {type: [number, "null"]}
                target_unit: {type: [string, "null"]}
                rationale: {type: string}
                estimated_duration: {type: [integer, "null"], minimum: 0, maximum: 36500}
                difficulty: {type: integer, minimum: 1, maximum: 5}
            GoalTip:
              type: object
              required: [tip, category, priority]
              properties:
                tip: {type: string}
                category: {type: [string, "null"]}
                priority: {type: [string, "null"]}
            GoalStatus: {type: string, enum: [active, paused, completed, abandoned]}
            CreateGoalRequest:
              type: object
              required: [title, goal_type, start_date, is_recurring]
              properties:
                title: {type: string, minLength: 1}
                description: {type: [string, "null"]}
                goal_type: {type: string, minLength: 1}
                target_value: {type: [number, "null"]}
                target_unit: {type: [string, "null"]}
                start_date: {$ref: "#/components/schemas/InputGoalDate"}
                target_date:
                  oneOf:
                    - {type: "null"}
                    - {$ref: "#/components/schemas/InputGoalDate"}
                is_recurring: {type: boolean}
                frequency: {type: [string, "null"]}
            Goal:
              type: object
              required: [id, user_id, title, description, goal_type, target_value, target_unit, current_value, start_date,
                         target_date, is_recurring, frequency, status, created_at, updated_at]
              properties:
                id: {type: string}
                user_id: {type: string}
                title: {type: string}
                description: {type: [string, "null"]}
                goal_type: {type: string}
                target_value: {type: [number, "null"]}
                target_unit: {type: [string, "null"]}
                current_value: {type: [number, "null"]}
                start_date: {type: string}
                target_date: {type: [string, "null"]}
                is_recurring: {type: boolean}
                frequency: {type: [string, "null"]}
                status: {$ref: "#/components/schemas/GoalStatus"}
                created_at: {$ref: "#/components/schemas/Timestamp"}
                updated_at: {$ref: "#/components/schemas/Timestamp"}
            GoalEnvelope:
              type: object
              required: [success, data]
              properties:
                success: {type: boolean}
                data: {$ref: "#/components/schemas/Goal"}
            TrendPoint:
              type: object
              required: [date, biologicalAge]
              properties:
                date: {$ref: "#/components/schemas/Date"}
                biologicalAge: {type: number}
            TrendBucket:
              type: object
              required: [value, available]
              properties:
                value: {type: [number, "null"]}
                available: {type: boolean}
                projection: {type: boolean}
                points:
                  type: array
                  items: {$ref: "#/components/schemas/TrendPoint"}
            TrendsResponse:
              type: object
              required: [weekly, monthly, yearly]
              properties:
                weekly: {$ref: "#/components/schemas/TrendBucket"}
                monthly: {$ref: "#/components/schemas/TrendBucket"}
                yearly: {$ref: "#/components/schemas/TrendBucket"}
            Persona: {type: string, enum: [general_wellness, wellness_specialist, nutritionist, fitness_coach, sleep_coach]}
            CreateConsultationRequest:
              description: An insight or goal consultation names the insight or goal in context_id.
              anyOf:
                - type: object
                  required: [persona]
                  properties:
                    persona: {$ref: "#/components/schemas/Persona"}
                    context_type: {type: [string, "null"], enum: [general, null]}
                    context_id: {type: [string, "null"]}
                    title: {type: [string, "null"]}
                - type: object
                  required: [persona, context_type, context_id]
                  properties:
                    persona: {$ref: "#/components/schemas/Persona"}
                    context_type: {type: string, enum: [insight, goal]}
                    context_id: {type: string, minLength: 1}
                    title: {type: [string, "null"]}
            Consultation:
              type: object
              required: [id, user_id, persona, context_type, context_id, title, is_archived, message_count, last_message_at,
                         created_at, updated_at]
              properties:
                id: {type: string}
                user_id: {type: string}
                persona: {$ref: "#/components/schemas/Persona"}
                context_type: {type: [string, "null"], enum: [general, insight, goal, null]}
                context_id: {type: [string, "null"]}
                title: {type: [string, "null"]}
                is_archived: {type: boolean}
                message_count: {type: integer, minimum: 0}
                last_message_at: {type: [string, "null"], format: date-time}
                created_at: {$ref: "#/components/schemas/Timestamp"}
                updated_at: {$ref: "#/components/schemas/Timestamp"}
            ConsultationEnvelope:
              type: object
              required: [success, data]
              properties:
                success: {type: boolean}
                data: {$ref: "#/components/schemas/Consultation"}
            ConsultationMessage:
              type: object
              required: [id, consultation_id, role, content, created_at]
              properties:
                id: {type: string}
                consultation_id: {type: string}
                role: {type: string, enum: [user, assistant]}
                content: {type: string}
                created_at: {$ref: "#/components/schemas/Timestamp"}
                proposals:
                  description: Changes a coach's reply proposes (only when there are some).
                  type: array
                  items: {$ref: "#/components/schemas/CoachProposal"}
                data_queries:
                  description: >-
                    The data queries a coach's reply cites and their results (empty when
                    none, and on the user's messages). Always written by this server.
                  type: array
                  items: {$ref: "#/components/schemas/DataQuery"}
            CoachProposal:
              oneOf:
                - type: object
                  required: [type, summary, goal]
                  properties:
                    type: {type: string, const: create_goal}
                    summary: {type: string}
                    goal: {$ref: "#/components/schemas/CreateGoalRequest"}
                - type: object
                  required: [type, summary, goal_id, change]
                  properties:
                    type: {type: string, const: update_goal}
                    summary: {type: string}
                    goal_id: {type: string}
                    change: {$ref: "#/components/schemas/UpdateGoalRequest"}
            UpdateGoalRequest:
              type: object
              additionalProperties: false
              minProperties: 1
              properties:
                current_value: {type: number, minimum: 0, maximum: 1000000000000}
                progress: {type: number, minimum: 0, maximum: 1000, description: A fraction of the target.}
                status: {$ref: "#/components/schemas/GoalStatus"}
                target_value: {type: number, exclusiveMinimum: 0, maximum: 1000000000000}
              not: {required: [current_value, progress]}
            Profile:
              type: object
              properties:
                age: {type: [integer, "null"], minimum: 1, maximum: 130}
                height_cm: {type: [number, "null"], minimum: 50, maximum: 260}
                weight_kg: {type: [number, "null"], minimum: 20, maximum: 400}
                time_zone:
                  description: >-
                    The IANA name of the zone the user's days are cut in (UTC until
                    set); a name the server's time-zone database does not know is 400
                    naming it.
                  type: [string, "null"]
                  minLength: 1
                  maxLength: 255
                first_weekday:
                  description: >-
                    The first day of the user's week: 1 = Sunday … 7 = Saturday (as
                    Foundation's Calendar), or the weekday's English name in any case;
                    answered as the number. 2 (Monday) until set.
                  anyOf:
                    - {type: integer, minimum: 1, maximum: 7}
                    - type: string
                      enum: [sunday, monday, tuesday, wednesday, thursday, friday, saturday,
                             Sunday, Monday, Tuesday, Wednesday, Thursday, Friday, Saturday]
                    - {type: "null"}
            CheckIn:
              type: object
              required: [date]
              properties:
                date: {$ref: "#/components/schemas/InputDate"}
                biological_age: {type: [number, "null"], minimum: 0, maximum: 200}
                steps: {type: [number, "null"], minimum: 0, maximum: 500000}
                workouts: {type: [number, "null"], minimum: 0, maximum: 50}
                calories: {type: [number, "null"], minimum: 0, maximum: 50000}
                sleep_hours: {type: [number, "null"], minimum: 0, maximum: 24}
                mood: {type: [number, "null"], minimum: 1, maximum: 10}
            CheckInRecord:
              type: object
              required: [date]
              properties:
                date: {$ref: "#/components/schemas/Date"}
                biological_age: {type: [number, "null"], minimum: 0, maximum: 200}
                steps: {type: [number, "null"], minimum: 0, maximum: 500000}
                workouts: {type: [number, "null"], minimum: 0, maximum: 50}
                calories: {type: [number, "null"], minimum: 0, maximum: 50000}
                sleep_hours: {type: [number, "null"], minimum: 0, maximum: 24}
                mood: {type: [number, "null"], minimum: 1, maximum: 10}

        """##
}
