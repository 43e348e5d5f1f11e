/* The web host through its C API, against real WebSocket and HTTP clients (libsoup's):
 * a page gets the page, script and fonts, says hello and is sent its root's views; a tap
 * and typed text come back as events and change the root; a shared root's commits reach
 * both its pages; malformed, misdirected, cross-origin and oversized messages are refused
 * without harm to the root (logged, counted); a page that leaves ends its session, whose
 * root the program frees; a list page scrolls its own list (mounted as it scrolls, an
 * item's button changing that item), and a list shown twice or sideways is refused;
 * freeing the server ends the rest; no handle outlives it. The server runs on a thread
 * of its own (frond_web_server_run until interrupted); the client on the main thread. */
#include <libsoup/soup.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "like_button.h"
#include "frond_web.h"

/* ---- the served app: a counter, a text field, per page or shared --------------------- */

typedef struct app {
    frond_root *root;
    int count;
    char typed[64];
    bool shared;
} app;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static frond_web_server *server;
static int sessions_begun, sessions_ended, apps_freed, log_lines;
static char last_log[512];
static app *shared_app;

static frond_component *screen(const app *a) {
    char text[128];
    frond_component *label = NULL, *button = NULL, *field = NULL, *note = NULL, *column = NULL;
    frond_text_style one_line;
    frond_size_spec note_size;
    frond_attribute button_attributes[] = {frond_attribute_string("title", "Add"),
                                           frond_attribute_action(FROND_EVENT_TAP, "increment")};
    frond_attribute field_attributes[] = {frond_attribute_string("value", a->typed),
                                          frond_attribute_action(FROND_EVENT_VALUE_CHANGE, "typed")};
    frond_view_spec button_view = frond_view("button", button_attributes, 2);
    frond_view_spec field_view = frond_view("textField", field_attributes, 2);
    frond_size_spec button_size = frond_size_points(80, 24), field_size = frond_size_points(160, 24);
    frond_flexbox_style style = frond_flexbox_style_column(4);
    frond_flex_child children[4];
    snprintf(text, sizeof text, "count %d typed %s", a->count, a->typed);
    if (frond_component_new_text(&label, text, NULL, NULL, "label") != FROND_OK) return NULL;
    if (frond_component_new(&button, &button_view, &button_size, "button") != FROND_OK) return NULL;
    if (frond_component_new(&field, &field_view, &field_size, "field") != FROND_OK) return NULL;
    FROND_INIT(one_line);
    one_line.max_lines = 1;
    FROND_INIT(note_size);
    note_size.width = frond_points(90);
    if (frond_component_new_text(&note, "one two three four five six seven eight nine ten", &one_line, &note_size,
                                 "note") != FROND_OK) return NULL;
    children[0] = frond_flex_child_of(label);
    children[1] = frond_flex_child_of(button);
    children[2] = frond_flex_child_of(field);
    children[3] = frond_flex_child_of(note);
    children[3].align_self = FROND_ALIGN_FLEX_START;
    if (frond_component_new_flexbox(&column, NULL, NULL, NULL, &style, children, 4) != FROND_OK) column = NULL;
    frond_component_release(label);
    frond_component_release(button);
    frond_component_release(field);
    frond_component_release(note);
    return column;
}

static frond_status on_action(frond_root *root, const frond_action *action, void *user_data) {
    app *a = user_data;
    const char *name = NULL;
    frond_attribute payload;
    bool has_payload = false;
    frond_component *next;
    frond_status status;
    if (frond_action_get_name(&name, action) != FROND_OK) return FROND_ERR_CALLBACK;
    if (strcmp(name, "increment") == 0) a->count++;
    if (strcmp(name, "typed") == 0 && frond_action_get_payload(&has_payload, &payload, action) == FROND_OK &&
        has_payload && payload.kind == FROND_ATTRIBUTE_STRING) {
        snprintf(a->typed, sizeof a->typed, "%s", payload.string);
    }
    next = screen(a);
    if (!next) return FROND_ERR_CALLBACK;
    status = frond_root_set_component(root, next);
    frond_component_release(next);
    return status;
}

static app *app_new(bool shared) {
    app *a = calloc(1, sizeof *a);
    frond_component *first;
    if (!a) return NULL;
    a->shared = shared;
    if (frond_root_new(&a->root, NULL) != FROND_OK) return NULL;
    frond_root_set_unhandled_action_handler(a->root, on_action, a, NULL);
    first = screen(a);
    frond_root_set_component(a->root, first);
    frond_component_release(first);
    return a;
}

static void app_free(app *a) {
    frond_root_free(a->root);
    free(a);
    pthread_mutex_lock(&lock);
    apps_freed++;
    pthread_mutex_unlock(&lock);
}

/* Apps are found from their roots through this small table (the session end gets the root). */
static app *apps[64];

static frond_status session(frond_root **out_root, const frond_web_session_info *info, void *user_data) {
    app *a;
    size_t i;
    CHECK(user_data == (void *)&lock);
    CHECK(info->session > 0 && info->path[0] == '/' && info->width == 640 && info->height == 480);
    if (strcmp(info->path, "/fail") == 0) {
        /* A server cannot be run again, nor freed, from its own callbacks. */
        CHECK_FAILURE(FROND_ERR_MISUSE, frond_web_server_run(server, 0), "own callbacks");
        CHECK_FAILURE(FROND_ERR_MISUSE, frond_web_server_free(server), "own callbacks");
        return FROND_ERR_CALLBACK;
    }
    if (strcmp(info->path, "/shared") == 0) {
        if (!shared_app) shared_app = app_new(true);
        a = shared_app;
    } else {
        a = app_new(false);
        for (i = 0; i < 64; i++) if (!apps[i]) { apps[i] = a; break; }
    }
    pthread_mutex_lock(&lock);
    sessions_begun++;
    pthread_mutex_unlock(&lock);
    *out_root = a->root;
    return FROND_OK;
}

static frond_status session_end(frond_root *root, const frond_web_session_info *info, bool last, void *user_data) {
    size_t i;
    (void)info;
    (void)user_data;
    pthread_mutex_lock(&lock);
    sessions_ended++;
    pthread_mutex_unlock(&lock);
    for (i = 0; i < 64; i++) {
        if (apps[i] && apps[i]->root == root) {
            CHECK(last);
            app_free(apps[i]);
            apps[i] = NULL;
        }
    }
    return FROND_OK;
}

static int user_data_destroyed;
static void destroy_user_data(void *user_data) {
    CHECK(user_data == (void *)&lock);
    user_data_destroyed++;
}

static char recent_logs[8192]; /* the last lines, one after the other (the oldest cut) */

static frond_status log_line(const char *line, void *user_data) {
    size_t length = strlen(line), kept;
    (void)user_data;
    pthread_mutex_lock(&lock);
    kept = strlen(recent_logs);
    log_lines++;
    snprintf(last_log, sizeof last_log, "%s", line);
    if (length + 2 >= sizeof recent_logs) length = sizeof recent_logs - 2;
    if (kept + length + 2 > sizeof recent_logs) {
        memmove(recent_logs, recent_logs + kept / 2, kept - kept / 2 + 1);
        kept -= kept / 2;
        if (kept + length + 2 > sizeof recent_logs) kept = 0;
    }
    memcpy(recent_logs + kept, line, length);
    recent_logs[kept + length] = '\n';
    recent_logs[kept + length + 1] = '\0';
    pthread_mutex_unlock(&lock);
    return FROND_OK;
}

/* Whether a recent log line holds `text`. */
static bool log_has(const char *text) {
    bool found;
    pthread_mutex_lock(&lock);
    found = strstr(recent_logs, text) != NULL;
    pthread_mutex_unlock(&lock);
    return found;
}

/* ---- the server's thread ------------------------------------------------------------------ */

static pthread_t server_thread;
static frond_status run_status;

static void *serve(void *unused) {
    (void)unused;
    run_status = frond_web_server_run(server, INFINITY);
    return NULL;
}

static void start_server(void) { pthread_create(&server_thread, NULL, serve, NULL); }

static void stop_server(void) {
    CHECK_OK(frond_web_server_interrupt(server));
    pthread_join(server_thread, NULL);
    CHECK(run_status == FROND_OK);
}

/* ---- the client (main thread, GLib's default context) -------------------------------------- */

typedef struct client {
    SoupWebsocketConnection *socket;
    GString *received; /* every message, one per line */
    int messages;
    bool failed, closed;
    int close_code;
} client;

static SoupSession *http;
static uint16_t port;

/* Iterates the client's context until `condition` holds or 5 s pass. */
#define WAIT_FOR(condition)                                                     \
    do {                                                                        \
        int wait_rounds_ = 0;                                                   \
        while (!(condition) && wait_rounds_++ < 5000) {                         \
            while (g_main_context_iteration(NULL, FALSE)) {}                    \
            if (!(condition)) g_usleep(1000);                                     \
        }                                                                       \
        CHECK(condition);                                                       \
    } while (0)

static void on_message(SoupWebsocketConnection *socket, gint type, GBytes *message, gpointer user_data) {
    client *c = user_data;
    gsize size = 0;
    const char *data = g_bytes_get_data(message, &size);
    (void)socket;
    (void)type;
    g_string_append_len(c->received, data, (gssize)size);
    g_string_append_c(c->received, '\n');
    c->messages++;
}

static void on_closed(SoupWebsocketConnection *socket, gpointer user_data) {
    client *c = user_data;
    c->closed = true;
    c->close_code = soup_websocket_connection_get_close_code(socket);
}

static void connected(GObject *source, GAsyncResult *result, gpointer user_data) {
    client *c = user_data;
    GError *error = NULL;
    c->socket = soup_session_websocket_connect_finish(SOUP_SESSION(source), result, &error);
    if (!c->socket) {
        c->failed = true;
        g_error_free(error);
        return;
    }
    g_signal_connect(c->socket, "message", G_CALLBACK(on_message), c);
    g_signal_connect(c->socket, "closed", G_CALLBACK(on_closed), c);
}

static void client_open(client *c, const char *origin) {
    char url[128];
    SoupMessage *message;
    memset(c, 0, sizeof *c);
    c->received = g_string_new("");
    snprintf(url, sizeof url, "ws://127.0.0.1:%u/socket", port);
    message = soup_message_new("GET", url);
    soup_session_websocket_connect_async(http, message, origin, NULL, G_PRIORITY_DEFAULT, NULL, connected, c);
    g_object_unref(message);
    WAIT_FOR(c->socket || c->failed);
}

static void client_send(client *c, const char *text) { soup_websocket_connection_send_text(c->socket, text); }

static void client_close(client *c) {
    if (c->socket) {
        if (!c->closed) soup_websocket_connection_close(c->socket, SOUP_WEBSOCKET_CLOSE_NORMAL, NULL);
        WAIT_FOR(c->closed);
        g_object_unref(c->socket);
    }
    g_string_free(c->received, TRUE);
}

static bool received(const client *c, const char *text) { return strstr(c->received->str, text) != NULL; }

/* The id of the last view of `type` created in what `c` received (0: none). */
static uint64_t view_of_type(const client *c, const char *type) {
    const char *at = c->received->str;
    uint64_t found = 0;
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\"]", type);
    while ((at = strstr(at, "[\"c\",")) != NULL) {
        unsigned long long id;
        int used = 0;
        if (sscanf(at, "[\"c\",%llu,%n", &id, &used) == 1 && used > 0 && strncmp(at + used, pattern, strlen(pattern)) == 0) {
            found = (uint64_t)id;
        }
        at += 5;
    }
    return found;
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static const char *hello = "{\"t\":\"hello\",\"path\":\"/\",\"width\":640,\"height\":480}";

static GBytes *http_get(const char *path, unsigned *out_status, char *content_type, size_t type_capacity) {
    char url[256];
    GError *error = NULL;
    SoupMessage *message;
    GBytes *body;
    snprintf(url, sizeof url, "http://127.0.0.1:%u%s", port, path);
    message = soup_message_new("GET", url);
    body = soup_session_send_and_read(http, message, NULL, &error);
    *out_status = soup_message_get_status(message);
    {
        const char *type = soup_message_headers_get_content_type(soup_message_get_response_headers(message), NULL);
        snprintf(content_type, type_capacity, "%s", type ? type : "");
    }
    g_object_unref(message);
    if (error) g_error_free(error);
    return body;
}

static void test_http(void) {
    unsigned status;
    char type[128];
    gsize size;
    GBytes *body = http_get("/", &status, type, sizeof type);
    const char *data = g_bytes_get_data(body, &size);
    CHECK(status == 200 && strcmp(type, "text/html") == 0);
    CHECK(size > 0 && g_strstr_len(data, (gssize)size, "<script src=\"/frond.js\">") != NULL);
    CHECK(g_strstr_len(data, (gssize)size, "<title>Web test &lt;1&gt;</title>") != NULL);
    g_bytes_unref(body);

    {
        char url[128];
        SoupMessage *message;
        GBytes *refused;
        snprintf(url, sizeof url, "http://127.0.0.1:%u/", port);
        message = soup_message_new("GET", url);
        soup_message_headers_replace(soup_message_get_request_headers(message), "Host", "rebound.example:80");
        refused = soup_session_send_and_read(http, message, NULL, NULL);
        CHECK(soup_message_get_status(message) == 403);
        if (refused) g_bytes_unref(refused);
        g_object_unref(message);
    }

    body = http_get("/frond.js", &status, type, sizeof type);
    data = g_bytes_get_data(body, &size);
    CHECK(status == 200 && strcmp(type, "text/javascript") == 0);
    CHECK(size > 1000 && g_strstr_len(data, (gssize)size, "new WebSocket(") != NULL);
    g_bytes_unref(body);

    /* The font Pango sets "DejaVu Sans Bold" in: a TrueType file (0x00010000). */
    body = http_get("/font?family=DejaVu%20Sans&weight=bold", &status, type, sizeof type);
    data = g_bytes_get_data(body, &size);
    CHECK(status == 200 && strcmp(type, "font/ttf") == 0);
    CHECK(size > 10000 && memcmp(data, "\x00\x01\x00\x00", 4) == 0);
    g_bytes_unref(body);

    body = http_get("/font?weight=heavyish", &status, type, sizeof type);
    CHECK(status == 404);
    g_bytes_unref(body);

    /* Images come from the image directory only: no way out of it. */
    body = http_get("/image/avatar.png", &status, type, sizeof type);
    data = g_bytes_get_data(body, &size);
    CHECK(status == 200 && strcmp(type, "image/png") == 0 && size > 8 && memcmp(data, "\x89PNG", 4) == 0);
    g_bytes_unref(body);
    /* ("/image/../x" is "/x" once the client or libsoup normalizes it: the page.) */
    body = http_get("/image/../card.json", &status, type, sizeof type);
    CHECK(strcmp(type, "text/html") == 0 || status == 404);
    g_bytes_unref(body);
    body = http_get("/image/%2e%2e/card.json", &status, type, sizeof type);
    CHECK(strcmp(type, "text/html") == 0 || status == 404);
    g_bytes_unref(body);
    body = http_get("/image/.hidden.png", &status, type, sizeof type);
    CHECK(status == 404);
    g_bytes_unref(body);
    body = http_get("/image/missing.png", &status, type, sizeof type);
    CHECK(status == 404);
    g_bytes_unref(body);
}

static void test_page(void) {
    client c;
    uint64_t button, field;
    char event[160];
    client_open(&c, NULL);
    CHECK(c.socket != NULL);
    client_send(&c, hello);
    WAIT_FOR(received(&c, "\"text\":\"count 0 typed \""));
    CHECK(received(&c, "{\"t\":\"welcome\",\"session\":"));
    CHECK(received(&c, "{\"t\":\"reset\",\"m\":[[\"f\",0,"));
    /* Text views carry Pango's lines. */
    CHECK(received(&c, "[\"l\","));
    CHECK(received(&c, "[\"count 0 typed \"],false,["));
    /* A text cut short by maxLines: its one line holds the rest, and says it is cut short. */
    CHECK(received(&c, "[\"one two three four five six seven eight nine ten\"],true,["));
    button = view_of_type(&c, "button");
    field = view_of_type(&c, "textField");
    CHECK(button > 0 && field > 0);

    snprintf(event, sizeof event, "{\"t\":\"event\",\"view\":%llu,\"event\":\"onTap\",\"seq\":1}", (unsigned long long)button);
    client_send(&c, event);
    WAIT_FOR(received(&c, "count 1 typed"));
    CHECK(received(&c, "{\"t\":\"commit\",\"e\":1,"));

    snprintf(event, sizeof event, "{\"t\":\"event\",\"view\":%llu,\"event\":\"onValueChange\",\"value\":\"milk \\\"2\\\"\",\"seq\":2}",
             (unsigned long long)field);
    client_send(&c, event);
    WAIT_FOR(received(&c, "count 1 typed milk \\\"2\\\""));

    /* The server's part of a tap's latency: from sending the event to receiving its commit
     * (over loopback; the browser's frames come on top of it, see Tests/Hosts). */
    {
        double trips[50];
        int round;
        for (round = 0; round < 50; round++) {
            char expected[64];
            gint64 start;
            snprintf(expected, sizeof expected, "\"e\":%d,", 100 + round);
            snprintf(event, sizeof event, "{\"t\":\"event\",\"view\":%llu,\"event\":\"onTap\",\"seq\":%d}",
                     (unsigned long long)button, 100 + round);
            start = g_get_monotonic_time();
            client_send(&c, event);
            WAIT_FOR(received(&c, expected));
            trips[round] = (double)(g_get_monotonic_time() - start) / 1000.0;
        }
        qsort(trips, 50, sizeof trips[0], compare_doubles);
        printf("web: a tap's round trip (event sent → its commit received): median %.2f ms, max %.2f ms\n",
               (trips[24] + trips[25]) / 2, trips[49]);
    }

    /* Garbage, and events the root cannot take: each logged and dropped, the root unharmed. */
    client_send(&c, "not json at all");
    client_send(&c, "{\"t\":\"event\",\"view\":999999,\"event\":\"onTap\"}");
    client_send(&c, "{\"t\":\"event\",\"view\":-1,\"event\":\"onTap\"}");
    client_send(&c, "{\"t\":\"event\",\"view\":1.5,\"event\":\"onTap\"}");
    client_send(&c, "{\"t\":\"event\",\"view\":1,\"event\":\"\"}");
    client_send(&c, "{\"t\":\"dance\"}");
    client_send(&c, "[1,2,3]");
    client_send(&c, "{\"t\":\"hello\",\"path\":\"/\",\"width\":1,\"height\":1}");
    client_send(&c, "{\"t\":\"viewport\",\"width\":\"wide\",\"height\":1}");
    soup_websocket_connection_send_binary(c.socket, "\x01\x02", 2);
    snprintf(event, sizeof event, "{\"t\":\"event\",\"view\":%llu,\"event\":\"onTap\",\"value\":[1],\"seq\":3}",
             (unsigned long long)button);
    client_send(&c, event);
    /* A text field's onValueChange carries its text: any other value is refused. */
    snprintf(event, sizeof event, "{\"t\":\"event\",\"view\":%llu,\"event\":\"onValueChange\",\"value\":true,\"seq\":4}",
             (unsigned long long)field);
    client_send(&c, event);
    snprintf(event, sizeof event, "{\"t\":\"event\",\"view\":%llu,\"event\":\"onValueChange\",\"seq\":5}",
             (unsigned long long)field);
    client_send(&c, event);
    WAIT_FOR(log_has("a textField, whose value is not a string"));
    /* A flood of taps: every one arrives, in order. */
    for (int i = 0; i < 200; i++) {
        snprintf(event, sizeof event, "{\"t\":\"event\",\"view\":%llu,\"event\":\"onTap\",\"seq\":%d}",
                 (unsigned long long)button, 200 + i);
        client_send(&c, event);
    }
    WAIT_FOR(received(&c, "count 251 typed"));
    pthread_mutex_lock(&lock);
    CHECK(log_lines >= 13);
    CHECK(strstr(last_log, "session ") != NULL);
    pthread_mutex_unlock(&lock);

    /* An oversized message closes the page's connection (libsoup's limit); its session ends. */
    {
        char *big = malloc(3000);
        memset(big, 'x', 2999);
        big[2999] = '\0';
        client_send(&c, big);
        free(big);
    }
    WAIT_FOR(c.closed);
    WAIT_FOR(apps_freed == 1);
    client_close(&c);
}

static void test_shared_and_reconnect(void) {
    client a, b, evil, failing;
    uint64_t button;
    char event[160];
    const char *shared_hello = "{\"t\":\"hello\",\"path\":\"/shared\",\"width\":640,\"height\":480}";
    client_open(&a, NULL);
    client_send(&a, shared_hello);
    WAIT_FOR(received(&a, "count 0"));
    button = view_of_type(&a, "button");
    snprintf(event, sizeof event, "{\"t\":\"event\",\"view\":%llu,\"event\":\"onTap\",\"seq\":1}", (unsigned long long)button);
    client_send(&a, event);
    WAIT_FOR(received(&a, "count 1"));

    /* A second page joins the shared root: it is sent the views as they are now. */
    client_open(&b, NULL);
    client_send(&b, shared_hello);
    WAIT_FOR(received(&b, "{\"t\":\"reset\",\"m\":[[\"f\",0,") && received(&b, "count 1"));
    CHECK(view_of_type(&b, "button") == button);
    client_send(&b, event);
    WAIT_FOR(received(&a, "count 2") && received(&b, "count 2"));

    /* The first page leaves and comes back: the shared root kept its state. */
    client_close(&a);
    client_open(&a, NULL);
    client_send(&a, shared_hello);
    WAIT_FOR(received(&a, "count 2"));
    client_close(&a);
    client_close(&b);

    /* A page of another site may not drive a root; a session function that fails closes the page. */
    client_open(&evil, "http://evil.example");
    if (evil.socket) WAIT_FOR(evil.closed);
    CHECK(evil.failed || evil.close_code == 1008);
    client_close(&evil);
    client_open(&failing, NULL);
    client_send(&failing, "{\"t\":\"hello\",\"path\":\"/fail\",\"width\":640,\"height\":480}");
    WAIT_FOR(failing.closed);
    client_close(&failing);
}

static void test_misuse(void) {
    frond_web_statistics statistics;
    frond_web_config config;
    frond_web_server *other = NULL;
    uint16_t in_use;
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_web_server_run(server, NAN), "seconds");
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_web_server_run(server, -1), "seconds");
    CHECK_FAILURE(FROND_ERR_MISUSE, frond_web_server_run(NULL, 0), "NULL frond_web_server");
    FROND_INIT(statistics);
    statistics.struct_size = 8;
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_web_server_get_statistics(&statistics, server), "struct_size");
    /* The port in use is refused with the system's reason, and the user_data destroyed. */
    CHECK_OK(frond_web_server_get_port(&in_use, server));
    FROND_INIT(config);
    config.port = in_use;
    user_data_destroyed = 0;
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT,
                  frond_web_server_new(&other, &config, session, NULL, (void *)&lock, destroy_user_data), "cannot listen");
    CHECK(other == NULL && user_data_destroyed == 1);
    config.port = 0;
    config.address = "not an address";
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT,
                  frond_web_server_new(&other, &config, session, NULL, (void *)&lock, destroy_user_data), "address");
    config.address = NULL;
    config.frame_interval = 5;
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT,
                  frond_web_server_new(&other, &config, session, NULL, (void *)&lock, destroy_user_data), "frame_interval");
    config.frame_interval = 0;
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT,
                  frond_web_server_new(&other, &config, NULL, NULL, (void *)&lock, destroy_user_data), "session");
    CHECK(user_data_destroyed == 4);
    /* While another thread runs it, only interrupt may be called. */
    FROND_INIT(statistics);
    start_server();
    g_usleep(20000);
    CHECK_FAILURE(FROND_ERR_MISUSE, frond_web_server_run(server, 0), "another thread");
    CHECK_FAILURE(FROND_ERR_MISUSE, frond_web_server_free(server), "another thread");
    CHECK_FAILURE(FROND_ERR_MISUSE, frond_web_server_get_statistics(&statistics, server), "another thread");
    stop_server();
}

/* ---- lists: a page whose document is a list's content ------------------------------------ */

static frond_render_class *like_class;
static const frond_size like_size = {60, 24};
static frond_list *lists_made[8];
static bool list_ended[8];
static int lists_count, list_user_data_destroyed;
static frond_text_measure_func pango_measure;
static void *pango_measure_data;

static frond_status post_row(frond_component **out_component, void *model, void *user_data) {
    long number = (long)(intptr_t)model;
    char text[64];
    frond_component *children[2] = {NULL, NULL};
    frond_flex_child flex[2];
    frond_flexbox_style style = frond_flexbox_style_column(4);
    frond_status status;
    size_t i;
    (void)user_data;
    snprintf(text, sizeof text, "post %ld%s", number, number % 2 ? " says a little more, over two lines" : "");
    status = frond_component_new_text(&children[0], text, NULL, NULL, NULL);
    if (status == FROND_OK) status = frond_component_new_render(&children[1], like_class, NULL, NULL, "like", NULL, NULL);
    for (i = 0; i < 2; i++) {
        flex[i] = frond_flex_child_of(children[i]);
        flex[i].align_self = FROND_ALIGN_FLEX_START;
    }
    if (status == FROND_OK) status = frond_component_new_flexbox(out_component, NULL, NULL, NULL, &style, flex, 2);
    for (i = 0; i < 2; i++) frond_component_release(children[i]);
    return status;
}

/* A list of 1,000 posts for each page ("?again": the first page's list, which is refused;
 * "?sideways": a horizontal list, refused too). */
static frond_status list_session(frond_list **out_list, const frond_web_session_info *info, void *user_data) {
    frond_list_config config;
    frond_data_source *source = NULL;
    frond_item_model models[1000];
    long i;
    (void)user_data;
    if (strstr(info->path, "again") && lists_count > 0) {
        *out_list = lists_made[0];
        return FROND_OK;
    }
    if (lists_count == 8) return FROND_ERR_OUT_OF_MEMORY;
    FROND_INIT(config);
    config.axis = strstr(info->path, "sideways") ? FROND_LIST_HORIZONTAL : FROND_LIST_VERTICAL;
    config.cross_size = 300;
    config.range_screens = 1;
    config.provider = post_row;
    config.text_measure = pango_measure;
    config.text_measure_user_data = pango_measure_data;
    CHECK_OK(frond_list_new(out_list, &config));
    for (i = 0; i < 1000; i++) {
        FROND_INIT(models[i]);
        models[i].model = (void *)(intptr_t)i;
        models[i].id = (uint64_t)i;
    }
    CHECK_OK(frond_list_get_data_source(&source, *out_list));
    CHECK_OK(frond_data_source_set_items(source, 0, models, 1000, FROND_APPLY_SYNC));
    lists_made[lists_count++] = *out_list;
    return FROND_OK;
}

static frond_status list_session_end(frond_list *list, const frond_web_session_info *info, void *user_data) {
    int i;
    (void)info;
    (void)user_data;
    for (i = 0; i < lists_count; i++) {
        if (lists_made[i] == list && !list_ended[i]) {
            list_ended[i] = true;
            CHECK_OK(frond_list_free(list));
        }
    }
    return FROND_OK;
}

static void list_user_data_destroy(void *user_data) {
    (void)user_data;
    list_user_data_destroyed++;
}

static void test_lists(void) {
    frond_web_statistics statistics;
    client c, again, sideways;
    char event[160];
    uint64_t button;
    int i, refused;

    CHECK_OK(like_class_new(&like_class, &like_size));
    CHECK_OK(frond_web_server_get_text_measurer(&pango_measure, &pango_measure_data, server));
    CHECK(pango_measure != NULL && pango_measure_data != NULL);
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_web_server_get_text_measurer(NULL, &pango_measure_data, server), "NULL");
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT,
                  frond_web_server_serve_lists(server, "feed", list_session, NULL, NULL, list_user_data_destroy), "path");
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT,
                  frond_web_server_serve_lists(server, "/feed?x", list_session, NULL, NULL, list_user_data_destroy), "path");
    CHECK(list_user_data_destroyed == 2);
    CHECK_OK(frond_web_server_serve_lists(server, "/feed", list_session, list_session_end, NULL, list_user_data_destroy));
    FROND_INIT(statistics);
    CHECK_OK(frond_web_server_get_statistics(&statistics, server));
    refused = (int)statistics.refused_messages;

    start_server();
    g_usleep(20000); /* (the server's thread is running it by now) */
    CHECK_FAILURE(FROND_ERR_MISUSE, frond_web_server_serve_lists(server, "/other", list_session, NULL, NULL, NULL),
                  "another thread");
    client_open(&c, NULL);
    client_send(&c, "{\"t\":\"hello\",\"path\":\"/feed?from=test\",\"width\":300,\"height\":400}");
    WAIT_FOR(received(&c, "\"list\":true"));
    WAIT_FOR(received(&c, "{\"t\":\"length\",\"w\":300,\"h\":"));
    /* Nothing is mounted until the page says what it shows. */
    CHECK(!received(&c, "\"list-item\""));
    client_send(&c, "{\"t\":\"scroll\",\"offset\":0,\"length\":400}");
    WAIT_FOR(received(&c, "\"list-item\"") && received(&c, "[\"post 0\"]") && view_of_type(&c, "button") != 0);
    CHECK(received(&c, "[\"l\",")); /* Pango's lines, as for a root's text */
    CHECK(!received(&c, "post 900"));

    /* A tap on an item's button: that item's state changes (built off the server's thread). */
    button = view_of_type(&c, "button");
    snprintf(event, sizeof event, "{\"t\":\"event\",\"view\":%llu,\"event\":\"onTap\",\"seq\":7}", (unsigned long long)button);
    client_send(&c, event);
    WAIT_FOR(received(&c, "\"title\":\"Liked\""));

    /* Scrolling far: the posts there are mounted. */
    client_send(&c, "{\"t\":\"scroll\",\"offset\":30000,\"length\":400}");
    WAIT_FOR(received(&c, "post 6") && received(&c, "\"item\":6"));
    /* The window narrows: the list is laid out again at the page's width, and the page
     * told the content's new size with the commit that lays the items out again. */
    client_send(&c, "{\"t\":\"viewport\",\"width\":180,\"height\":400}");
    WAIT_FOR(received(&c, "\"l\":{\"w\":180,\"h\":"));
    client_send(&c, "{\"t\":\"scroll\",\"offset\":-5,\"length\":400}");
    client_send(&c, "{\"t\":\"scroll\",\"offset\":1e400,\"length\":400}");

    /* A list already shown on a page, and a horizontal list, are refused (logged). */
    client_open(&again, NULL);
    client_send(&again, "{\"t\":\"hello\",\"path\":\"/feed?again\",\"width\":300,\"height\":400}");
    WAIT_FOR(again.closed);
    pthread_mutex_lock(&lock);
    CHECK(strstr(last_log, "shows on another page already") != NULL);
    pthread_mutex_unlock(&lock);
    client_open(&sideways, NULL);
    client_send(&sideways, "{\"t\":\"hello\",\"path\":\"/feed?sideways\",\"width\":300,\"height\":400}");
    WAIT_FOR(sideways.closed);
    pthread_mutex_lock(&lock);
    CHECK(strstr(last_log, "scrolls vertically") != NULL);
    pthread_mutex_unlock(&lock);
    client_close(&again);
    client_close(&sideways);

    /* The page leaves: its session ends and the program frees its list. */
    client_close(&c);
    WAIT_FOR(list_ended[0]);
    stop_server();

    FROND_INIT(statistics);
    CHECK_OK(frond_web_server_get_statistics(&statistics, server));
    CHECK(statistics.refused_messages >= (uint64_t)refused + 2); /* the two bad scrolls */
    CHECK(statistics.served_roots == 1);                          /* (the shared root, from before) */
    CHECK(lists_count == 2 && list_ended[0] && !list_ended[1]);
    for (i = 1; i < lists_count; i++) CHECK_OK(frond_list_free(lists_made[i])); /* refused: still the program's */
    /* NULL stops serving lists there: the functions' user_data goes. */
    CHECK_OK(frond_web_server_serve_lists(server, "/feed", NULL, NULL, NULL, NULL));
    CHECK(list_user_data_destroyed == 3);
    CHECK_OK(frond_render_class_release(like_class));
}

int main(void) {
    frond_web_config config;
    frond_web_statistics statistics;
    size_t handles_before, handles, servers;
    client lingering;
    int major = -1, minor = -1, patch = -1;
    http = soup_session_new();
    frond_web_version_numbers(&major, &minor, &patch);
    CHECK(major == FROND_WEB_VERSION_MAJOR && minor == FROND_WEB_VERSION_MINOR && patch == FROND_WEB_VERSION_PATCH);
    CHECK_OK(frond_handle_count(&handles_before));

    FROND_INIT(config);
    config.max_message_bytes = 2048;
    config.image_directory = "examples/trees";
    config.title = "Web test <1>";
    CHECK_OK(frond_web_server_new(&server, &config, session, session_end, (void *)&lock, destroy_user_data));
    CHECK_OK(frond_web_server_set_log_handler(server, log_line, NULL, NULL));
    CHECK_OK(frond_web_server_get_port(&port, server));
    CHECK(port > 0);
    CHECK_OK(frond_web_handle_count(&servers));
    CHECK(servers == 1);

    start_server();
    test_http();
    test_page();
    test_shared_and_reconnect();
    stop_server();

    FROND_INIT(statistics);
    CHECK_OK(frond_web_server_get_statistics(&statistics, server));
    CHECK(statistics.connections == 0);
    CHECK(statistics.served_roots == 1); /* the shared root, waiting for its pages */
    CHECK(statistics.sessions == 4);
    CHECK(statistics.events == 254);
    CHECK(statistics.refused_messages >= 12);
    CHECK(statistics.commits >= 7);
    CHECK(statistics.messages_sent > 10 && statistics.bytes_sent > 1000);
    printf("web: %llu messages, %llu bytes sent; %llu received (%llu refused), %llu commits\n",
           (unsigned long long)statistics.messages_sent, (unsigned long long)statistics.bytes_sent,
           (unsigned long long)statistics.messages_received, (unsigned long long)statistics.refused_messages,
           (unsigned long long)statistics.commits);

    test_misuse();
    test_lists();

    /* Freed with a page still connected: its session ends (the program frees its root). */
    start_server();
    client_open(&lingering, NULL);
    client_send(&lingering, hello);
    WAIT_FOR(received(&lingering, "count 0"));
    stop_server();
    CHECK_OK(frond_web_server_free(server));
    CHECK(user_data_destroyed == 5);
    WAIT_FOR(lingering.closed);
    client_close(&lingering);
    CHECK(sessions_ended == sessions_begun); /* the failing one never began */
    if (shared_app) app_free(shared_app);
    CHECK_OK(frond_web_handle_count(&servers));
    CHECK(servers == 0);
    CHECK_OK(frond_handle_count(&handles));
    CHECK(handles == handles_before);
    g_object_unref(http);
    return check_report("web_test");
}
