/*
 * frond_web.h — Frond's web host: a server that shows roots in browsers. Each page a browser
 * opens gets a root (from the session function the program gives); the page shows the
 * root's views as absolutely positioned DOM elements, applies each commit as one message
 * over a WebSocket, and sends clicks, toggles and typing back as host events.
 *
 * It lives in a library of its own, libfrond_web, built on libfrond's C API (frond.h) and
 * on libsoup 3 (HTTP and WebSockets) and Pango (text). Link with `-lfrond_web -lfrond`
 * (pkg-config: `frond-web`). Its functions follow frond.h's conventions: they return a
 * frond_status, and on failure frond_last_error_message() describes it. Servers are
 * handles of this library: frond_web_handle_count() counts them.
 *
 *   browser ──GET /──► page (index.html + frond.js, built into the library)
 *   page ──WebSocket /socket── {"t":"hello"} ──► session function ──► a root
 *   root's commit ──► one message: [["c",view,type], ["u",view,{set},[unset]], …] ──► page
 *   click / toggle / typing ──► {"t":"event",…} ──► frond_root_send_event ──► flush
 *
 * Threads. A server runs on the thread that calls frond_web_server_run, for as long as
 * that call lasts: connections, session functions, events, flushes, animation ticks and
 * every callback happen inside it, on that thread, so the roots it serves are used from
 * one thread. frond_web_server_interrupt may be called from any thread to make a
 * running call return early; it is not async-signal-safe, so a program that stops on
 * Ctrl-C calls it from a thread that waits for the signal (sigwait) or reads a signalfd,
 * not from a signal handler.
 * The other functions are called on the thread that runs the server, between runs or
 * from the server's callbacks.
 *
 * Several browsers. By default each page gets a root of its own (LiveView's model: a
 * page's state is its own). A session function may also return a root it already serves:
 * that page joins the root's other pages, is sent the views it has now, and every later
 * commit goes to all of them; any of them may send events.
 *
 * Text. A served root measures text with Pango (unless the configuration keeps the root's
 * measurer), and the page draws it with the very font files Pango used, which the server
 * serves as web fonts, and with Pango's line breaks, which come with each text view. So
 * lines break where they were measured to break; their widths differ by the browser's
 * rounding of glyph advances only.
 *
 * Pages must name the server by an IP address or "localhost" (a request for another host
 * name is refused: a site's name pointed at this machine would pass for it), and a
 * WebSocket whose Origin is another site's is refused (a browser always sends the Origin of
 * the page that opens it; a client without one, not a browser, is accepted).
 *
 * Animations are ticked on the server, at the configured frame interval, while a served
 * root has running animations; each tick's mutations are one message.
 *
 * The page's protocol is described in docs/web.md.
 */
#ifndef FROND_WEB_H
#define FROND_WEB_H

#include "frond.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The version of this header; the library's frond_web_version_numbers() gives the same
 *  numbers, which are libfrond's (the libraries are released together). */
#define FROND_WEB_VERSION_MAJOR FROND_VERSION_MAJOR
#define FROND_WEB_VERSION_MINOR FROND_VERSION_MINOR
#define FROND_WEB_VERSION_PATCH FROND_VERSION_PATCH

/** Writes libfrond_web's version numbers (each pointer may be NULL). */
void frond_web_version_numbers(int *out_major, int *out_minor, int *out_patch);

/** Writes the number of live server handles (for leak checks). */
frond_status frond_web_handle_count(size_t *out_count);

/** A web server (a handle of this library). */
typedef struct frond_web_server frond_web_server;

/** The largest message a page may send, when the configuration gives 0. */
#define FROND_WEB_DEFAULT_MAX_MESSAGE_BYTES 65536

/** How a server listens and serves. A zero-filled struct (with its struct_size) means:
 *  127.0.0.1, any free port (frond_web_server_get_port tells which), messages from
 *  pages of at most FROND_WEB_DEFAULT_MAX_MESSAGE_BYTES, roots as wide as their page
 *  (FLEXIBLE_HEIGHT), text measured with Pango in "DejaVu Sans", animation frames
 *  1/60 s apart, no images. */
typedef struct frond_web_config {
    uint32_t struct_size;               /**< sizeof(frond_web_config) */
    const char *address;                /**< an IPv4 or IPv6 address to bind (copied); NULL: "127.0.0.1" */
    uint16_t port;                      /**< 0: any free port */
    size_t max_message_bytes;           /**< a longer message from a page closes its connection; 0: the default
                                             (a message sent in fragments is bounded as a whole
                                             with libsoup 3.6 or later, each fragment before) */
    bool keep_size_range;               /**< false: a root's size range, and a served list's
                                             cross size (frond_list_set_cross_size), follow
                                             its page's width */
    bool keep_text_measurer;            /**< false: a served root measures text with Pango */
    const char *font_family;            /**< default text family (copied); NULL: "DejaVu Sans" */
    const char *image_directory;        /**< where `source` images are served from (copied); NULL or "": none */
    const char *title;                  /**< the page's title (copied); NULL: "Frond" */
    double frame_interval;              /**< seconds between animation ticks (0: 1/60; at most 1) */
} frond_web_config;

/** A page's session: which page asked, and how large its window is. */
typedef struct frond_web_session_info {
    uint64_t session;                   /**< numbered from 1, never reused by a server */
    const char *path;                   /**< the page's path and query ("/", "/feed?x=1"); valid during the call */
    float width;                        /**< the page's viewport, in CSS pixels (finite, ≥ 0) */
    float height;
} frond_web_session_info;

/** Gives a new page its root: writes it to `*out_root` (the server does not take it
 *  over: the program frees it, typically in its session end function). A root the server
 *  serves already is shared with this page. A root the server does not serve yet must not
 *  have mounted views (the page would never see them): that, a NULL root or a status
 *  other than FROND_OK closes the page's connection, logged. A refused root stays as it
 *  was, the program's, and no session end is called for it. */
typedef frond_status (*frond_web_session_func)(frond_root **out_root, const frond_web_session_info *info,
                                               void *user_data);

/** A page's connection closed (the browser left, the connection broke, or the page sent
 *  a message too long). `last` tells whether the root has no other page now. The root
 *  stays served (its views kept for a page that comes back to it) until it is freed, which
 *  this function may do. When a served root is freed, its other pages (of a shared root)
 *  are closed without a session end of their own. Its status is ignored. */
typedef frond_status (*frond_web_session_end_func)(frond_root *root, const frond_web_session_info *info, bool last,
                                                   void *user_data);

/** Receives one line for each thing that went wrong without stopping the server (a page
 *  that sent a malformed message or an event for a view that no longer exists, a session
 *  function that failed, a flush that failed). `line` is valid during the call; its
 *  status is ignored. Without a log function the lines go to standard error. */
typedef frond_status (*frond_web_log_func)(const char *line, void *user_data);

/** Creates a server and starts listening (`config` NULL: the defaults). `session` (not
 *  NULL) and `session_end` (may be NULL) share `user_data`, destroyed exactly once: when
 *  the server is freed or, when this call fails, before it returns. An address in use is
 *  FROND_ERR_INVALID_ARGUMENT with the system's message. The caller owns the handle. */
frond_status frond_web_server_new(frond_web_server **out_server, const frond_web_config *config,
                                  frond_web_session_func session, frond_web_session_end_func session_end,
                                  void *user_data, frond_destroy_func destroy);

/** Closes every connection, lets go of the roots it serves (each gets no host: their
 *  views stay as they were, unseen) and releases the server. NULL is a no-op. Freeing a
 *  server from its own callbacks or while another thread runs it is FROND_ERR_MISUSE. */
frond_status frond_web_server_free(frond_web_server *server);

/** Sets the log function (NULL: standard error) with its user_data and destroy function
 *  (called exactly once: when replaced, when the server is freed, or on failure). */
frond_status frond_web_server_set_log_handler(frond_web_server *server, frond_web_log_func log, void *user_data,
                                              frond_destroy_func destroy);

/** Writes the port the server listens on. Any thread. */
frond_status frond_web_server_get_port(uint16_t *out_port, frond_web_server *server);

/** Serves on the calling thread for `seconds` (finite and ≥ 0, or INFINITY: until
 *  interrupted), or until frond_web_server_interrupt. 0 handles what is ready and
 *  returns. Returns FROND_OK however it ended; failures inside (a page's bad message, a
 *  failed flush) are logged, not returned. Running a server that runs already, or from
 *  its own callbacks, is FROND_ERR_MISUSE. */
frond_status frond_web_server_run(frond_web_server *server, double seconds);

/** Makes the current (or, if none, the next) frond_web_server_run return soon: after the
 *  message or flush under way. Messages that arrive after it wait, in order, for the next
 *  run (a page that keeps sending does not keep the call from returning). Any thread. */
frond_status frond_web_server_interrupt(frond_web_server *server);

/* ---- Lists ------------------------------------------------------------------------------ */
/* A page can show a list (frond_list) instead of a root: the list's content is the page's
 * document, scrolled by the browser, and the window's visible part is the list's viewport
 * (the page sends it as the person scrolls). Only what is near it is mounted. A list shows
 * on one page: each page gets a list of its own. */

/** Gives a new page of a list path its list (as frond_web_session_func does a root): the
 *  server does not take it over. A list served already (to another page), one with mounted
 *  items, a horizontal list (the page scrolls vertically), a NULL list or a status other
 *  than FROND_OK closes the page's connection, logged. */
typedef frond_status (*frond_web_list_session_func)(frond_list **out_list, const frond_web_session_info *info,
                                                    void *user_data);

/** A list page's connection closed: the server has let go of the list (it has no host and
 *  no viewport listener), which this function may free. Its status is ignored. */
typedef frond_status (*frond_web_list_session_end_func)(frond_list *list, const frond_web_session_info *info,
                                                        void *user_data);

/** Serves pages whose path (before any query) is `path` (copied; "/…") with lists from
 *  `session` instead of roots. `session_end` may be NULL; both share `user_data`, destroyed
 *  exactly once: when the path is served by other functions, when the server is freed, or
 *  on failure. `session` NULL stops serving lists there. The server serves the list's
 *  views, sends the page its content length and adjusted offsets, mounts what the list's
 *  builder finished (replacing the data source's ready handler) and routes the page's
 *  events to frond_list_send_event. Not from the server's callbacks or while another
 *  thread runs it (FROND_ERR_MISUSE). */
frond_status frond_web_server_serve_lists(frond_web_server *server, const char *path, frond_web_list_session_func session,
                                          frond_web_list_session_end_func session_end, void *user_data,
                                          frond_destroy_func destroy);

/** The server's Pango text measurer, as a served root measures (its font family), for
 *  frond_list_config.text_measure and .text_measure_user_data: thread-safe, and valid for
 *  the life of the process (it does not depend on the server), so that a list's text
 *  breaks into lines as the page draws them. */
frond_status frond_web_server_get_text_measurer(frond_text_measure_func *out_measure, void **out_user_data,
                                                frond_web_server *server);

/** What a server has done since it was created. Set `struct_size`; the server fills the
 *  rest. */
typedef struct frond_web_statistics {
    uint32_t struct_size;               /**< sizeof(frond_web_statistics) */
    size_t connections;                 /**< pages connected now */
    size_t served_roots;                /**< roots served now (lists included) */
    uint64_t sessions;                  /**< sessions begun */
    uint64_t messages_sent;             /**< messages to pages (a commit sent to n pages counts n) */
    uint64_t bytes_sent;                /**< their bytes (payloads) */
    uint64_t messages_received;         /**< messages from pages */
    uint64_t events;                    /**< events sent to roots */
    uint64_t refused_messages;          /**< malformed or misdirected messages, logged and dropped */
    uint64_t commits;                   /**< commits of served roots (flushes and ticks that changed views) */
} frond_web_statistics;

frond_status frond_web_server_get_statistics(frond_web_statistics *out_statistics, frond_web_server *server);

#ifdef __cplusplus
}
#endif

#endif /* FROND_WEB_H */
