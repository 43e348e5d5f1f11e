#ifndef FROND_WEB_PAGE_H
#define FROND_WEB_PAGE_H
#include <stddef.h>

/* The web host's page, built into libfrond_web from page/: each file's bytes (not
 * NUL-terminated) and their count. */
const unsigned char *cfrondweb_page_html(size_t *out_size);
const unsigned char *cfrondweb_page_script(size_t *out_size);

#endif
