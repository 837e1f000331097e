/* The games guti knows, one line each. A game is a module in a folder of its own that
 * defines its struct game_ops (game.h says the contract, hook by hook); this file and that
 * folder are the only places that name it. The order is public: a game's number in
 * guti.h's enum guti_game is its place here, counting from 1, so a new game goes last. */
#include "game.h"
#include "baghchal/baghchal.h"
#include "sixteen/sixteen.h"
#include "adugo/adugo.h"

static const struct game_ops *const games[] = {
    &baghchal_ops,
    &sixteen_ops,
    &adugo_ops,
};

const struct game_ops *game_registry(int i)
{
    return i >= 0 && i < (int)(sizeof games / sizeof games[0]) ? games[i] : NULL;
}
