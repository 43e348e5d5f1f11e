import CFrond
