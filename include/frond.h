#ifndef FROND_H
#define FROND_H
#include <stdint.h>
const char *frond_version(void);
#endif
