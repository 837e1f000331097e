"use strict"; document.getElementById("app").textContent = "guti explorer";
