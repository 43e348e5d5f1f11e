/* Cairo (2D drawing into image surfaces, PNG files) for FrondCairo. Found through
 * pkg-config (`cairo`; Debian: libcairo2-dev). Nothing here is exported by libfrond. */
#ifndef FROND_CCAIRO_H
#define FROND_CCAIRO_H

#include <cairo.h>

#endif
